/** Query parameters that carry secrets, masked in logs. */
const SECRET_QUERY = /([?&](?:token|emailToken|otp|password)=)[^&]*/gi;
/** Path segments that are secrets: a care circle invitation's token (/api/invitations/<token>). */
const SECRET_PATH = /(\/invitations\/)(?!\d+(?:[/?#]|$))[^/?#]+/gi;
/** A private calendar feed's secret (/calendar/<secret>.ics, ADR 0049). */
const FEED_PATH = /(\/calendar\/)(?!feed(?:[/?#]|$))[^/?#]+/gi;

/**
 * A request URL as logs and traces may keep it: the secrets in its query and path masked (reset and
 * e-mail tokens, invitation tokens, calendar feed secrets; ADR 0011).
 */
export function maskSecretsInUrl(url: string): string {
  return url
    .replace(SECRET_QUERY, '$1[redacted]')
    .replace(SECRET_PATH, '$1[redacted]')
    .replace(FEED_PATH, '$1[redacted]');
}
