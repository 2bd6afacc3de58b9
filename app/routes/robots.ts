// robots.txt: everything public may be indexed; the sitemap says where it all is.
import type { Route } from "./+types/robots";

export function loader({ request }: Route.LoaderArgs) {
  const origin = process.env.PUBLIC_URL || new URL(request.url).origin;
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
