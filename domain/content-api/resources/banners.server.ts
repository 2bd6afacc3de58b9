// /api/banners: the home slideshow as one entry whose bannerImage lists the desktop images, then
// the mobile crops.

import { PUBLIC } from "../../catalog/audience.server.ts";
import { readBannerSlides, readStudioRow } from "../../catalog/read-model.server.ts";
import { BANNER_TYPE } from "../content-types.server.ts";
import { type MediaData, mediaData, mediaRecord } from "../media.server.ts";
import type { Resource } from "../resource.server.ts";
import { asIs, mediaList, studioTimes, type Times, timestamps } from "../serialize.server.ts";

const BANNER_NAME = "Home banner";

interface BannerEntry extends Times {
  id: number;
  /** Beside Strapi's id and attributes: which slide, and for which screen (the mobile crops follow the desktop images). */
  images: (MediaData & { device: "desktop" | "mobile"; slide: number })[];
}

export const banners: Resource<BannerEntry> = {
  type: BANNER_TYPE,
  record: (e) => ({ id: e.id, name: BANNER_NAME, ...timestamps(e), bannerImage: e.images.map(mediaRecord) }),
  async list({ db }) {
    const slides = await readBannerSlides(db, PUBLIC);
    // Made with its first slide, changed with its last change (every change renumbers them all);
    // with no slides, the studio's times (read only then).
    const times = slides.length
      ? {
          createdAt: slides.map((s) => s.createdAt).toSorted()[0] as string,
          updatedAt: slides
            .map((s) => s.updatedAt)
            .toSorted()
            .at(-1) as string,
        }
      : studioTimes(await readStudioRow(db));
    const entry: BannerEntry = { id: 1, ...times, images: [] };
    for (const device of ["desktop", "mobile"] as const) {
      slides.forEach((s, index) => {
        const assetId = device === "desktop" ? s.desktopAssetId : s.mobileAssetId;
        const image = device === "desktop" ? s.desktop : s.mobile;
        if (image) entry.images.push({ ...mediaData(assetId, image, s.alt), device, slide: index + 1 });
      });
    }
    return [entry];
  },
  serialize(entry, populate) {
    const attributes: Record<string, unknown> = { name: BANNER_NAME, ...timestamps(entry) };
    const node = populate.get("bannerImage");
    if (node) attributes.bannerImage = mediaList(entry.images, node, mediaRecord, asIs);
    return { id: entry.id, attributes };
  },
};
