// robots.txt: everything public may be indexed; the sitemap says where it all is.
import { publicOrigin } from "#platform/public-origin.server.ts";

export function loader() {
  const origin = publicOrigin();
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /search",
    "Disallow: /admin",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
