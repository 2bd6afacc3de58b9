// /api/blocks: the header (the site's real navigation) and the footer's Quick Links.

import { PUBLIC } from "../../catalog/audience.server.ts";
import { loadStoredImages } from "../../catalog/images.server.ts";
import { type ContentLanguage, inLanguage } from "../../catalog/localized.ts";
import { LINKS_BEFORE_LOGO, NAV_LINKS } from "../../catalog/navigation.ts";
import { readStudioRow, studioNameIn } from "../../catalog/read-model.server.ts";
import { BLOCK_TYPE } from "../content-types.server.ts";
import { builtInLogo, type MediaData, mediaData, mediaRecord } from "../media.server.ts";
import type { Resource } from "../resource.server.ts";
import { asIs, mediaList, studioTimes, type Times, timestamps } from "../serialize.server.ts";

interface BlockEntry extends Times {
  id: number;
  locale: ContentLanguage;
  Title: string;
  Key: string;
  Url: string;
  Heading: string;
  /**
   * The block's own logo field, multiple in the original content type, so a list: the header's
   * holds the studio's logo; the footer's is empty (the studio sets one logo, for the header), so
   * it answers `data: null` as the original's unset field did.
   */
  logo: MediaData[];
  Nav_Links: { id: number; url: string; name: string; Logo?: unknown }[];
}

export const blocks: Resource<BlockEntry> = {
  type: BLOCK_TYPE,
  record: (e) => ({
    id: e.id,
    Title: e.Title,
    Key: e.Key,
    Url: e.Url,
    Heading: e.Heading,
    ...timestamps(e),
    locale: e.locale,
    logo: e.logo.map(mediaRecord),
  }),
  async list({ db, locale = "en" }) {
    const studio = await readStudioRow(db);
    // The studio's name and tagline in the locale (issue 33); the links' names are the site's
    // English navigation words, which the studio does not edit.
    const name = studio ? studioNameIn(studio, locale) : "";
    // The studio's own logo (its JPEG variant) once set in the admin, else the built-in one.
    const logoId = studio?.logo_asset_id ?? null;
    const stored = logoId === null ? undefined : (await loadStoredImages(db, PUBLIC, [logoId])).get(logoId);
    const logo = stored && logoId !== null ? mediaData(logoId, stored, name) : builtInLogo(name, studio?.updated_at);
    const links = NAV_LINKS.map((l) => ({ url: l.to, name: l.label }));
    const header = [
      ...links.slice(0, LINKS_BEFORE_LOGO),
      { url: "/", name, Logo: { data: logo } },
      ...links.slice(LINKS_BEFORE_LOGO),
    ];
    const block = { Url: "/", locale, ...studioTimes(studio) };
    return [
      {
        ...block,
        id: 1,
        logo: [logo],
        Title: name,
        Key: "header",
        Heading: studio ? inLanguage(locale, studio.tagline, studio.tagline_ta) : "",
        Nav_Links: header.map((l, i) => ({ id: i + 1, ...l })),
      },
      {
        ...block,
        id: 2,
        logo: [],
        Title: "Quick Links",
        Key: "footer",
        Heading: "Quick Links",
        Nav_Links: NAV_LINKS.map((l, i) => ({ id: i + 1, url: l.to, name: l.footerLabel ?? l.label })),
      },
    ];
  },
  serialize(e, populate) {
    const attributes: Record<string, unknown> = {
      Title: e.Title,
      Key: e.Key,
      Url: e.Url,
      Heading: e.Heading,
      ...timestamps(e),
      locale: e.locale,
      Nav_Links: e.Nav_Links,
    };
    const logo = populate.get("logo");
    if (logo) attributes.logo = mediaList(e.logo, logo, mediaRecord, asIs);
    return { id: e.id, attributes };
  },
};
