import { jsonLdHtml } from "#app/utils/seo.ts";

export function JsonLd({ data }: { data: object }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with "<" escaped, in a non-executed data block.
  return <script type="application/ld+json" dangerouslySetInnerHTML={jsonLdHtml(data)} />;
}
