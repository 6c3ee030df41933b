import { describe, expect, it } from 'vitest';
import { embedUrl } from './video';

describe('embedUrl', () => {
  it('embeds the five known video hosts', () => {
    expect(embedUrl('https://www.youtube.com/watch?v=abc123')).toBe('https://www.youtube-nocookie.com/embed/abc123');
    expect(embedUrl('https://youtu.be/abc123')).toBe('https://www.youtube-nocookie.com/embed/abc123');
    expect(embedUrl('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871');
    expect(embedUrl('https://www.dailymotion.com/video/x7tgad0')).toBe('https://www.dailymotion.com/embed/video/x7tgad0');
    expect(embedUrl('https://www.twitch.tv/videos/42', 'cohort.example')).toBe(
      'https://player.twitch.tv/?video=42&parent=cohort.example',
    );
    expect(embedUrl('https://www.facebook.com/watch/?v=1')).toMatch(/^https:\/\/www\.facebook\.com\/plugins\/video\.php\?href=/);
  });

  it('refuses anything else', () => {
    expect(embedUrl('https://evil.example/youtube.com/watch?v=1')).toBeNull();
    expect(embedUrl('javascript:alert(1)')).toBeNull();
    expect(embedUrl('not a url')).toBeNull();
    expect(embedUrl(null)).toBeNull();
  });
});
