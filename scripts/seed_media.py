#!/usr/bin/env python3
"""Makes the demo seed's media from its texts:

- each lecture in crates/content/src/seed/lectures.json becomes a narrated slide video (WebM)
  with WebVTT captions: speech from espeak-ng, slides drawn with Pillow in DejaVu Sans, both
  encoded by ffmpeg (VP9 at a few frames a second, Opus speech);
- each banner in crates/content/src/seed/banners.json becomes a 1200 x 240 picture with its
  message and call to action.

The outputs are small and committed beside the seed, so building or starting Cohort needs
none of these tools: run `just seed-media` only after changing the texts. The output is
deterministic for the same tool versions.
"""
import json
import subprocess
import sys
import tempfile
import wave
from pathlib import Path

from PIL import Image, ImageColor, ImageDraw, ImageFont

ROOT = Path(__file__).resolve().parent.parent
SEED = ROOT / "crates/content/src/seed"
OUT = SEED / "media"
SIZE = (960, 540)
RATE = 22050
VOICE, WORDS_PER_MINUTE = "en-gb", 140
GAP_S, SLIDE_TAIL_S = 0.35, 0.9
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
# One palette per lecture: background, accent, text.
PALETTES = [
    ("#0b4f5c", "#f2cc8f", "#ffffff"),
    ("#3d405b", "#81b29a", "#ffffff"),
    ("#f4f1de", "#e07a5f", "#1d3557"),
    ("#1d3557", "#a8dadc", "#ffffff"),
    ("#264653", "#e9c46a", "#ffffff"),
    ("#fefae0", "#606c38", "#283618"),
]


def speak(text: str, path: Path) -> list[bytes]:
    subprocess.run(["espeak-ng", "-v", VOICE, "-s", str(WORDS_PER_MINUTE), "-w", str(path), text], check=True)
    with wave.open(str(path)) as w:
        assert w.getframerate() == RATE and w.getnchannels() == 1 and w.getsampwidth() == 2, path
        return [w.readframes(w.getnframes())]


def silence(seconds: float) -> bytes:
    return b"\0\0" * int(RATE * seconds)


def wrap(draw: ImageDraw.ImageDraw, text: str, font, width: int) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if draw.textlength(trial, font=font) <= width:
            line = trial
        else:
            lines.append(line)
            line = word
    return lines + [line]


def slide(lecture: dict, index: int, number: int, palette, path: Path) -> None:
    background, accent, ink = palette
    image = Image.new("RGB", SIZE, background)
    draw = ImageDraw.Draw(image)
    heading = ImageFont.truetype(BOLD, 44 if number == 0 else 38)
    body = ImageFont.truetype(FONT, 28)
    small = ImageFont.truetype(FONT, 20)
    draw.rectangle((0, 0, 18, SIZE[1]), fill=accent)
    y = 70 if number else 150
    for line in wrap(draw, lecture["slides"][number]["heading"], heading, SIZE[0] - 140):
        draw.text((70, y), line, font=heading, fill=ink)
        y += heading.size + 12
    y += 28
    for point in lecture["slides"][number]["points"]:
        if number:
            draw.ellipse((74, y + 11, 86, y + 23), fill=accent)
        for k, line in enumerate(wrap(draw, point, body, SIZE[0] - 180)):
            draw.text((104 if number else 70, y), line, font=body, fill=ink)
            y += body.size + 10
        y += 10
    footer = f"{lecture['speaker']} · Cohort lecture series · {number + 1}/{len(lecture['slides'])}"
    draw.text((70, SIZE[1] - 48), footer, font=small, fill=ink)
    image.save(path)


def stamp(seconds: float) -> str:
    ms = round(seconds * 1000)
    return f"{ms // 3600000:02d}:{ms // 60000 % 60:02d}:{ms // 1000 % 60:02d}.{ms % 1000:03d}"


def make(lecture: dict, index: int, work: Path) -> None:
    palette = PALETTES[index % len(PALETTES)]
    audio, cues, durations, at = [], [], [], 0.0
    for number, part in enumerate(lecture["slides"]):
        slide(lecture, index, number, palette, work / f"slide-{number}.png")
        start = at
        for k, sentence in enumerate(part["say"]):
            frames = b"".join(speak(sentence, work / f"s-{number}-{k}.wav"))
            length = len(frames) / 2 / RATE
            cues.append((at, at + length, sentence))
            audio += [frames, silence(GAP_S)]
            at += length + GAP_S
        audio.append(silence(SLIDE_TAIL_S))
        at += SLIDE_TAIL_S
        durations.append(at - start)
    with wave.open(str(work / "talk.wav"), "wb") as w:
        w.setnchannels(1), w.setsampwidth(2), w.setframerate(RATE)
        w.writeframes(b"".join(audio))
    listing = "".join(f"file 'slide-{n}.png'\nduration {d:.3f}\n" for n, d in enumerate(durations))
    listing += f"file 'slide-{len(durations) - 1}.png'\n"
    (work / "slides.txt").write_text(listing)
    video = OUT / f"lecture-{index + 1}.webm"
    subprocess.run([
        "ffmpeg", "-y", "-loglevel", "error", "-f", "concat", "-safe", "0", "-i", str(work / "slides.txt"),
        "-i", str(work / "talk.wav"), "-r", "4", "-c:v", "libvpx-vp9", "-b:v", "0", "-crf", "42",
        "-row-mt", "1", "-g", "40", "-pix_fmt", "yuv420p", "-c:a", "libopus", "-b:a", "20k", "-ac", "1",
        "-shortest", "-map_metadata", "-1", "-fflags", "+bitexact", str(video),
    ], check=True)
    vtt = ["WEBVTT", ""]
    for n, (start, end, text) in enumerate(cues, 1):
        vtt += [str(n), f"{stamp(start)} --> {stamp(end)}", text, ""]
    (OUT / f"lecture-{index + 1}.en.vtt").write_text("\n".join(vtt))
    print(f"{video.name}: {at:.0f} s, {video.stat().st_size // 1024} KB")


def banner(spec: dict, index: int) -> None:
    """A banner: a gradient of its palette, a few soft circles, its message and action."""
    background, accent, ink = PALETTES[spec["palette"] % len(PALETTES)]
    width, height = 1200, 240
    image = Image.new("RGB", (width, height), background)
    draw = ImageDraw.Draw(image, "RGBA")
    for k, (x, y, r) in enumerate([(1020, 40, 150), (1140, 200, 110), (880, 230, 70)]):
        draw.ellipse((x - r, y - r, x + r, y + r), fill=ImageColor.getrgb(accent) + (70 + 30 * k,))
    heading = ImageFont.truetype(BOLD, 46)
    body = ImageFont.truetype(FONT, 26)
    action = ImageFont.truetype(BOLD, 24)
    draw.text((60, 46), spec["heading"], font=heading, fill=ink)
    draw.text((60, 112), spec["message"], font=body, fill=ink)
    label = f"{spec['action']}  →"
    left, top = 60, 164
    w = draw.textlength(label, font=action)
    draw.rounded_rectangle((left, top, left + w + 40, top + 46), radius=23, fill=accent)
    draw.text((left + 20, top + 9), label, font=action, fill=background)
    path = OUT / f"banner-{index + 1}.jpg"
    image.save(path, quality=88, optimize=True)
    print(f"{path.name}: {path.stat().st_size // 1024} KB")


def main() -> None:
    lectures = json.loads((SEED / "lectures.json").read_text())
    for index, lecture in enumerate(lectures):
        with tempfile.TemporaryDirectory() as work:
            make(lecture, index, Path(work))
    for index, spec in enumerate(json.loads((SEED / "banners.json").read_text())):
        banner(spec, index)


if __name__ == "__main__":
    sys.exit(main())
