// The one route table. Each screen's data comes from its module's loader.
import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("gallery/:collection", "routes/gallery.tsx"),
  route("galleryList/:id", "routes/shoot.tsx"),
  route("contactUs", "routes/contact.tsx"),
  route("search", "routes/search.tsx"),
  route("credits", "routes/credits.tsx"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("api/openapi.json", "routes/api/openapi.ts"),
  route("api/*", "routes/api/content.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
