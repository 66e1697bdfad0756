// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "raid0_model.h"

static uint64_t smallest_above(const struct raid0_model *m, uint64_t floor)
{
	uint64_t best = 0;
	int i;

	for (i = 0; i < m->nr_devs; i++) {
		uint64_t s = m->dev_sectors[i];

		if (s > floor && (!best || s < best))
			best = s;
	}
	return best;
}

static void add_zone(struct raid0_model *m, uint64_t dev_start,
		     uint64_t dev_end)
{
	struct raid0_zone *z = &m->zones[m->nr_zones++];
	int i;

	z->start = m->sectors;
	z->dev_start = dev_start;
	z->nr_devs = 0;
	for (i = 0; i < m->nr_devs; i++)
		if (m->dev_sectors[i] > dev_start)
			z->devs[z->nr_devs++] = i;
	m->sectors += (dev_end - dev_start) * z->nr_devs;
	z->end = m->sectors;
}

int raid0_model_init(struct raid0_model *m, enum raid0_layout layout,
		     uint64_t chunk_sectors, int nr_devs,
		     const uint64_t *dev_sectors)
{
	uint64_t floor = 0, next;
	int i;

	memset(m, 0, sizeof(*m));
	if (!chunk_sectors || nr_devs < 1 || nr_devs > RAID0_MAX_DEVS)
		return -1;
	if (layout != RAID0_LAYOUT_ORIGINAL && layout != RAID0_LAYOUT_ALTERNATE)
		return -1;
	m->layout = layout;
	m->chunk = chunk_sectors;
	m->nr_devs = nr_devs;
	for (i = 0; i < nr_devs; i++) {
		m->dev_sectors[i] = dev_sectors[i] / chunk_sectors * chunk_sectors;
		if (!m->dev_sectors[i])
			return -1;
	}
	while ((next = smallest_above(m, floor))) {
		add_zone(m, floor, next);
		floor = next;
	}
	return 0;
}

int raid0_map(const struct raid0_model *m, uint64_t sector,
	      struct raid0_place *place)
{
	const struct raid0_zone *z;
	uint64_t in_zone, chunk_no, stripe, pick;
	int i;

	for (i = 0; i < m->nr_zones; i++)
		if (sector < m->zones[i].end)
			break;
	if (i == m->nr_zones)
		return -1;
	z = &m->zones[i];
	in_zone = sector - z->start;
	stripe = in_zone / m->chunk / z->nr_devs;
	if (m->layout == RAID0_LAYOUT_ORIGINAL)
		chunk_no = sector / m->chunk;
	else
		chunk_no = in_zone / m->chunk;
	pick = chunk_no % z->nr_devs;

	place->zone = i;
	place->dev = z->devs[pick];
	place->sector = z->dev_start + stripe * m->chunk + sector % m->chunk;
	return 0;
}

const char *raid0_layout_name(enum raid0_layout layout)
{
	return layout == RAID0_LAYOUT_ORIGINAL ? "original" : "alternate";
}

int raid0_layout_parse(const char *name, enum raid0_layout *layout)
{
	if (!strcmp(name, "original"))
		*layout = RAID0_LAYOUT_ORIGINAL;
	else if (!strcmp(name, "alternate"))
		*layout = RAID0_LAYOUT_ALTERNATE;
	else
		return -1;
	return 0;
}
