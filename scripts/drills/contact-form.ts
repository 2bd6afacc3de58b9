// The contact form as a browser without JavaScript sends it, for the drills: the form token
// from /contactUs, then one post per visitor, each with distinct fields that carry a marker the
// drill finds again in the database and in the mailbox.

/** What the page says once an inquiry is stored (React escapes the apostrophe). */
const THANKS = "Thank you, we&#x27;ll contact you soon";

export type InquiryAnswer = "accepted" | "rate-limited" | `other ${number}` | "no answer";

/** The form's token as /contactUs hands it out; the post must come after INQUIRY_MIN_FILL_S. */
export async function contactFormToken(origin: string): Promise<string> {
  const page = await fetch(`${origin}/contactUs`);
  const token = /name="formToken" value="([^"]+)"/.exec(await page.text())?.[1];
  if (!token) throw new Error(`${origin}/contactUs has no form token: is it the studio's site, and ready?`);
  return token;
}

/** Visitor `i`'s inquiry: every field distinct, the message starting with `marker`. */
export function visitorFields(i: number, marker: string) {
  return {
    name: `Drill Visitor ${i}`,
    phoneNumber: `+91 98765 ${String(i).padStart(5, "0")}`,
    email: `visitor${i}@drill.example`,
    message: `${marker}: we would like a quote for a wedding shoot.`,
  };
}

/**
 * Posts visitor `i`'s inquiry. `forwardedFor` is the visitor's address as a proxy in front would
 * name it (the server believes it only from a hop TRUST_PROXY names).
 */
export async function postInquiry(
  origin: string,
  token: string,
  i: number,
  marker: string,
  forwardedFor?: string,
): Promise<InquiryAnswer> {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" };
  if (forwardedFor) headers["X-Forwarded-For"] = forwardedFor;
  const body = new URLSearchParams({ formToken: token, website: "", ...visitorFields(i, marker) });
  try {
    const res = await fetch(`${origin}/contactUs`, { method: "POST", headers, body });
    const html = await res.text();
    if (res.status === 200 && html.includes(THANKS)) return "accepted";
    if (res.status === 429) return "rate-limited";
    return `other ${res.status}`;
  } catch {
    return "no answer";
  }
}

/** Visitor `i`'s own address in 198.18.0.0/15, the range kept for benchmarks: never a real visitor. */
export function benchmarkAddress(i: number): string {
  return `198.18.${i >> 8}.${i & 255}`;
}
