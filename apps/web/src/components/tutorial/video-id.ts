/** A YouTube video id: 11 characters of letters, digits, '-' and '_'. */
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

function parseUrl(url: string): URL | null {
  const text = url.trim();
  if (!text) return null;
  try {
    return new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
}

/**
 * The video id of a YouTube link in its watch (`youtube.com/watch?v=ID`), short-link (`youtu.be/ID`)
 * or shorts (`youtube.com/shorts/ID`) form; '' when none can be extracted (docs/product/rules.md#states-and-transitions).
 */
export function extractVideoId(url: string): string {
  const parsed = parseUrl(url);
  if (!parsed) return '';
  const host = parsed.hostname.toLowerCase().replace(/^(www|m)\./, '');
  const segments = parsed.pathname.split('/').filter(Boolean);

  let id: string | null | undefined = null;
  if (host === 'youtu.be') {
    id = segments[0];
  } else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (segments[0] === 'watch' && segments.length === 1) id = parsed.searchParams.get('v');
    else if (segments[0] === 'shorts') id = segments[1];
  }
  return id && VIDEO_ID.test(id) ? id : '';
}

/** Privacy-enhanced embed that starts playing and shows no related videos at the end; '' without an id. */
export function embedUrl(videoId: string): string {
  return videoId ? `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?autoplay=1&rel=0` : '';
}
