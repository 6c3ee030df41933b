/**
 * The embeddable player address for a video link, or null. Spec 2 §9: only youtube,
 * vimeo, facebook, twitch and dailymotion links are embedded.
 */
export function embedUrl(link: string | null | undefined, parentHost?: string): string | null {
  if (!link) return null;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.replace(/^www\.|^m\./, '');
  const path = url.pathname.split('/').filter(Boolean);
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const id = url.searchParams.get('v') ?? (path[0] === 'embed' || path[0] === 'shorts' ? path[1] : null);
    return id ? `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}` : null;
  }
  if (host === 'youtu.be') return path[0] ? `https://www.youtube-nocookie.com/embed/${encodeURIComponent(path[0])}` : null;
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = path.find((part) => /^\d+$/.test(part));
    return id ? `https://player.vimeo.com/video/${id}` : null;
  }
  if (host === 'dailymotion.com') {
    const id = path[0] === 'video' ? path[1] : null;
    return id ? `https://www.dailymotion.com/embed/video/${encodeURIComponent(id)}` : null;
  }
  if (host === 'twitch.tv') {
    // The site's own address (on the server, the public address it renders pages for).
    const parent = encodeURIComponent(parentHost ?? location.hostname);
    if (path[0] === 'videos' && path[1]) return `https://player.twitch.tv/?video=${encodeURIComponent(path[1])}&parent=${parent}`;
    return path[0] ? `https://player.twitch.tv/?channel=${encodeURIComponent(path[0])}&parent=${parent}` : null;
  }
  if (host === 'facebook.com' || host === 'fb.watch') {
    return `https://www.facebook.com/plugins/video.php?href=${encodeURIComponent(url.toString())}`;
  }
  return null;
}
