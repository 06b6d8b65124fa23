import { keyedHash, sameHash } from "../http/keyed-hash.ts";
import type { ContentPlace } from "./content-version-repository.ts";

// A preview link's token (decision 0090): the place whose draft it shows and when it ends, signed
// with the server secret, so only a console session can make one and every server accepts it.

/** A preview link works this long: enough to look, short enough that a shared link soon dies. */
const PREVIEW_MINUTES = 30;

const PURPOSE = "content-preview";

export function previewToken(
  secret: string,
  place: ContentPlace,
  now: Date,
): { token: string; expiresAt: string } {
  const expiresSeconds = Math.floor(now.getTime() / 1000) + PREVIEW_MINUTES * 60;
  const expires = String(expiresSeconds);
  const body = [place.company, place.channel, place.locale, expires];
  const payload = Buffer.from(JSON.stringify(body)).toString("base64url");
  const token = `${payload}.${keyedHash(secret, PURPOSE, payload)}`;
  return { token, expiresAt: new Date(expiresSeconds * 1000).toISOString() };
}

/** The place a token previews, or null when it is forged, broken or ended. */
export function previewPlace(secret: string, token: string, now: Date): ContentPlace | null {
  const [payload, signature, ...rest] = token.split(".");
  if (!payload || !signature || rest.length > 0) return null;
  if (!/^[0-9a-f]{64}$/.test(signature)) return null;
  if (!sameHash(signature, keyedHash(secret, PURPOSE, payload))) return null;
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (!Array.isArray(body) || body.length !== 4 || !body.every((v) => typeof v === "string"))
    return null;
  const [company, channel, locale, expires] = body as string[];
  if (Number(expires) * 1000 <= now.getTime()) return null;
  return { company: company as string, channel: channel as string, locale: locale as string };
}
