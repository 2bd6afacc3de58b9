// The one route table. Each screen's data comes from its module's loader.
import { index, layout, type RouteConfig, type RouteConfigEntry, route } from "@react-router/dev/routes";

/**
 * The public site's pages, at the spec's English paths and again under /ta/ in Tamil (issue 33,
 * ADR 047): the same modules, whose loaders and texts follow the path's language.
 */
const PUBLIC_PAGES: [path: string, file: string][] = [
  ["", "routes/home.tsx"],
  ["about", "routes/about.tsx"],
  ["gallery/:collection", "routes/collection.tsx"],
  ["galleryList/:id", "routes/shoot.tsx"],
  ["contactUs", "routes/contact.tsx"],
  ["search", "routes/search.tsx"],
  ["credits", "routes/credits.tsx"],
];

function publicPages(): RouteConfigEntry[] {
  return PUBLIC_PAGES.flatMap(([path, file]) => [
    path === "" ? index(file) : route(path, file),
    route(path === "" ? "ta" : `ta/${path}`, file, { id: `ta/${file}` }),
  ]);
}

export default [
  ...publicPages(),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("api/openapi.json", "routes/api/openapi.ts"),
  route("api/*", "routes/api/content.ts"),
  // A client's private gallery (ADR 025-027): the page by its link's token, its photo pages and
  // hearts for scripts, and its downloads (files and resumable ZIPs) behind the same access.
  route("g/:token", "routes/galleries/gallery.tsx"),
  route("g/:token/photos", "routes/galleries/photos.ts"),
  route("g/:token/downloads", "routes/galleries/downloads.tsx"),
  route("g/:token/download/*", "routes/galleries/download.ts"),
  // Album proofing, the couple's side (issue 32): the albums sent to them, and one to review.
  route("g/:token/album", "routes/galleries/albums.tsx"),
  route("g/:token/album/:album", "routes/galleries/album.tsx"),
  // A gallery's event link for its guests (issue 31, ADR 044): the selfie's page, each guest's
  // own photos by their personal link, and a photo's download.
  route("e/:token", "routes/event/event.tsx"),
  route("e/:token/g/:guest", "routes/event/guest.tsx"),
  route("e/:token/g/:guest/download/:photo", "routes/event/download.ts"),
  // The studio's admin (its own shell, styles and session), before the catch-all.
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.tsx"),
    route("login", "routes/admin/login.tsx"),
    layout("routes/admin/authed.tsx", [
      route("shoots", "routes/admin/shoots.tsx"),
      route("shoots/new", "routes/admin/shoot-new.tsx"),
      route("shoots/:id", "routes/admin/shoot-edit.tsx"),
      route("shoots/:id/jobs", "routes/admin/shoot-jobs.tsx"),
      route("shoots/:id/photos", "routes/admin/shoot-photos.ts"),
      route("galleries", "routes/admin/galleries.tsx"),
      route("galleries/new", "routes/admin/gallery-new.tsx"),
      route("galleries/:id", "routes/admin/gallery-edit.tsx"),
      route("galleries/:id/selections", "routes/admin/gallery-selections.tsx"),
      route("galleries/:id/selections/:listId/export/:format", "routes/admin/gallery-export.ts"),
      // Guest face search, the studio's side (issue 31): the event link's printable card, the
      // gallery's people, and a face's crop for them.
      route("galleries/:id/event-card", "routes/admin/gallery-event-card.tsx"),
      route("galleries/:id/people", "routes/admin/gallery-people.tsx"),
      route("galleries/:id/faces/:face", "routes/admin/gallery-face.ts"),
      // Album proofing, the studio's side (issue 32): an album's page, and its comments to print or download.
      route("galleries/:id/albums/:album", "routes/admin/gallery-album.tsx"),
      route("galleries/:id/albums/:album/comments", "routes/admin/gallery-album-comments.tsx"),
      route("galleries/:id/albums/:album/comments.csv", "routes/admin/gallery-album-comments-csv.ts"),
      route("stories", "routes/admin/stories.tsx"),
      route("collections", "routes/admin/collections.tsx"),
      route("banners", "routes/admin/banners.tsx"),
      route("settings", "routes/admin/settings.tsx"),
      route("trash", "routes/admin/trash.tsx"),
      route("inquiries", "routes/admin/inquiries.tsx"),
      route("inquiries.csv", "routes/admin/inquiries-csv.ts"),
      route("images", "routes/admin/images.ts"),
      route("tokens", "routes/admin/tokens.tsx"),
      route("galleries/:id/selections/:listId/originals.zip", "routes/admin/gallery-list-originals.ts"),
      route("logout", "routes/admin/logout.tsx"),
      route("*", "routes/admin/not-found.tsx"),
    ]),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
