//! Pictures the platform draws itself for its demo content (blog headers, posters,
//! banners, group images): a soft gradient under one of several compositions (discs,
//! waves, hills, diagonal bands, ripples), composition and palette chosen by `seed`.
//! Nothing is fetched from elsewhere.
//!
//! The pictures the demo seed uses are drawn once, processed as an upload would be, and
//! kept beside this file ([`prepared`]), so a first start stores them instead of drawing,
//! encoding, decoding and resizing each (it took most of a second). A test checks that
//! every kept file is still what drawing it gives; `cargo test -p kernel -- --ignored
//! redraw_prepared_pictures` writes them again after a change to the drawing.

use image::codecs::jpeg::JpegEncoder;
use image::{Rgb, RgbImage};

/// The palettes pictures are drawn from (the site's teal family and warm accents): a
/// gradient from the first colour to the second, shapes in the third.
const PALETTES: [([u8; 3], [u8; 3], [u8; 3]); 8] = [
    ([11, 93, 107], [42, 157, 143], [255, 209, 102]),
    ([38, 70, 83], [42, 157, 143], [233, 196, 106]),
    ([106, 76, 147], [25, 130, 196], [255, 202, 58]),
    ([29, 53, 87], [69, 123, 157], [241, 250, 238]),
    ([141, 59, 114], [240, 128, 128], [255, 236, 179]),
    ([18, 123, 131], [138, 201, 38], [255, 255, 255]),
    ([244, 241, 222], [242, 204, 143], [224, 122, 95]),
    ([61, 64, 91], [129, 178, 154], [242, 204, 143]),
];

fn mix(a: [u8; 3], b: [u8; 3], t: f32) -> [u8; 3] {
    let channel =
        |i: usize| (f32::from(a[i]) + (f32::from(b[i]) - f32::from(a[i])) * t).round() as u8;
    [channel(0), channel(1), channel(2)]
}

/// A composition: what colour the point (x, y) of a `w` × `h` picture takes over `base`.
type Motif =
    fn(x: f32, y: f32, w: f32, h: f32, seed: f32, base: [u8; 3], accent: [u8; 3]) -> [u8; 3];

/// Overlapping discs.
fn discs(x: f32, y: f32, w: f32, h: f32, seed: f32, base: [u8; 3], accent: [u8; 3]) -> [u8; 3] {
    let mut colour = base;
    for i in 0..4 {
        let k = seed * 7.0 + i as f32 * 13.0;
        let cx = w * (0.15 + 0.7 * ((k * 0.37).sin() * 0.5 + 0.5));
        let cy = h * (0.2 + 0.6 * ((k * 0.61).cos() * 0.5 + 0.5));
        let r = h * (0.12 + 0.08 * i as f32);
        if (x - cx).hypot(y - cy) < r {
            colour = mix(colour, accent, 0.55 - 0.1 * i as f32);
        }
    }
    colour
}

/// Layered waves rising from the bottom.
fn waves(x: f32, y: f32, w: f32, h: f32, seed: f32, base: [u8; 3], accent: [u8; 3]) -> [u8; 3] {
    let mut colour = base;
    for i in 0..3 {
        let band = i as f32;
        let frequency = std::f32::consts::TAU * (1.0 + band * 0.6) / w;
        let crest = h * (0.42 + 0.17 * band) + h * 0.07 * (x * frequency + seed * 1.3 + band).sin();
        if y > crest {
            colour = mix(colour, accent, 0.28 + 0.12 * band);
        }
    }
    colour
}

/// Ridges of hills, the nearest darkest.
fn ridges(x: f32, y: f32, w: f32, h: f32, seed: f32, base: [u8; 3], accent: [u8; 3]) -> [u8; 3] {
    let mut colour = base;
    for i in 0..3 {
        let layer = i as f32;
        let peaks = 2.0 + layer;
        let phase = seed * 0.9 + layer * 1.7;
        let top = h * (0.35 + 0.18 * layer)
            - h * 0.16 * ((x / w * peaks * std::f32::consts::PI + phase).sin().abs());
        if y > top {
            colour = mix(
                colour,
                mix(accent, [20, 30, 40], 0.25 * layer),
                0.45 + 0.15 * layer,
            );
        }
    }
    // A sun (or moon) above them.
    let (sx, sy) = (
        w * (0.2 + 0.6 * ((seed * 0.77).sin() * 0.5 + 0.5)),
        h * 0.24,
    );
    if (x - sx).hypot(y - sy) < h * 0.1 {
        colour = mix(colour, accent, 0.85);
    }
    colour
}

/// Broad diagonal bands, fading across the picture (few edges, so it stays a light JPEG).
fn bands(x: f32, y: f32, w: f32, h: f32, seed: f32, base: [u8; 3], accent: [u8; 3]) -> [u8; 3] {
    let slant = if (seed as u32).is_multiple_of(2) {
        0.6
    } else {
        -0.6
    };
    let band = ((x + slant * y) / (h * 0.45)).floor() as i32;
    if band.rem_euclid(3) == 0 {
        mix(base, accent, 0.2 + 0.4 * (x / w))
    } else {
        base
    }
}

/// Concentric rings around a point near an edge, like ripples.
fn rings(x: f32, y: f32, w: f32, h: f32, seed: f32, base: [u8; 3], accent: [u8; 3]) -> [u8; 3] {
    let (cx, cy) = (w * (0.1 + 0.8 * ((seed * 1.1).cos() * 0.5 + 0.5)), h * 1.05);
    let ring = ((x - cx).hypot(y - cy) / (h * 0.11)).floor() as i32;
    if ring % 2 == 0 {
        mix(base, accent, (0.5 - ring as f32 * 0.04).max(0.1))
    } else {
        base
    }
}

/// The compositions, one per seed in turn, each with its own palette sequence.
const MOTIFS: [Motif; 5] = [discs, waves, ridges, bands, rings];

/// A JPEG of `width` × `height` pixels: a composition and palette chosen by `seed`, so
/// neighbouring pictures differ in both.
pub fn jpeg(width: u32, height: u32, seed: u32) -> Vec<u8> {
    let motif = MOTIFS[seed as usize % MOTIFS.len()];
    let (from, to, accent) = PALETTES[(seed as usize * 3) % PALETTES.len()];
    let (w, h) = (width as f32, height as f32);
    let picture = RgbImage::from_fn(width, height, |x, y| {
        let (fx, fy) = (x as f32, y as f32);
        let base = mix(from, to, (fx / w + fy / h) / 2.0);
        Rgb(motif(fx, fy, w, h, seed as f32, base, accent))
    });
    let mut out = Vec::new();
    // Encoding an in-memory picture cannot fail but for memory; an empty result is
    // refused later by the image check like any broken file.
    let _ = JpegEncoder::new_with_quality(&mut out, 85).encode_image(&picture);
    out
}

/// A picture drawn and processed ahead of time: what storing an upload of it keeps.
pub struct Prepared {
    pub width: u32,
    pub height: u32,
    pub seed: u32,
    pub image: &'static [u8],
    pub thumbnail: &'static [u8],
}

/// How prepared pictures are processed: as staff pictures and group images are.
pub const PREPARED_SHAPE: crate::images::Shape = crate::images::Shape {
    max_width: 1200,
    thumbnail_side: 480,
};

/// Stores a picture of the demo content: its prepared copy when the
/// seed's pictures include it, otherwise drawn and processed as an upload would be.
pub async fn demo(
    storage: &dyn kernel::storage::Storage,
    folder: &str,
    width: u32,
    height: u32,
    seed: u32,
) -> kernel::AppResult<String> {
    match prepared(width, height, seed) {
        Some(p) => crate::images::store_pair(storage, folder, "jpg", p.image, p.thumbnail)
            .await
            .map_err(|e| kernel::AppError::Internal(e.into())),
        None => {
            let drawn = jpeg(width, height, seed);
            crate::images::accept(storage, folder, drawn, PREPARED_SHAPE).await
        }
    }
}

macro_rules! prepared {
    ($width:literal, $height:literal, $seed:literal) => {
        Prepared {
            width: $width,
            height: $height,
            seed: $seed,
            image: include_bytes!(concat!(
                stringify!($width),
                "x",
                stringify!($height),
                "-",
                stringify!($seed),
                ".jpg"
            )),
            thumbnail: include_bytes!(concat!(
                stringify!($width),
                "x",
                stringify!($height),
                "-",
                stringify!($seed),
                "-thumb.jpg"
            )),
        }
    };
}

/// Every picture the demo seed draws.
pub const PREPARED: &[Prepared] = &[
    prepared!(1200, 500, 2),
    prepared!(1200, 500, 3),
    prepared!(1200, 500, 4),
    prepared!(1200, 630, 0),
    prepared!(1200, 630, 1),
    prepared!(1200, 630, 2),
    prepared!(1200, 630, 3),
    prepared!(1200, 630, 4),
    prepared!(1200, 630, 5),
    prepared!(1200, 630, 6),
    prepared!(1200, 630, 7),
    prepared!(1200, 630, 8),
    prepared!(1200, 630, 9),
    prepared!(1200, 630, 10),
    prepared!(1200, 630, 11),
    prepared!(640, 360, 0),
    prepared!(640, 360, 1),
    prepared!(640, 360, 2),
    prepared!(640, 360, 3),
    prepared!(640, 360, 4),
    prepared!(640, 360, 5),
];

/// The prepared picture of this size and seed, if the demo seed uses it.
pub fn prepared(width: u32, height: u32, seed: u32) -> Option<&'static Prepared> {
    PREPARED
        .iter()
        .find(|p| (p.width, p.height, p.seed) == (width, height, seed))
}

#[cfg(test)]
mod tests {
    #[test]
    fn draws_distinct_valid_pictures() {
        let a = super::jpeg(320, 180, 1);
        let b = super::jpeg(320, 180, 2);
        assert_ne!(a, b);
        let decoded = image::load_from_memory(&a).unwrap();
        assert_eq!((decoded.width(), decoded.height()), (320, 180));
    }

    fn drawn(p: &super::Prepared) -> crate::images::Processed {
        crate::images::process(
            &super::jpeg(p.width, p.height, p.seed),
            super::PREPARED_SHAPE,
        )
        .unwrap()
    }

    #[test]
    fn prepared_pictures_are_what_drawing_them_gives() {
        for p in super::PREPARED {
            let fresh = drawn(p);
            assert!(
                fresh.image == p.image && fresh.thumbnail == p.thumbnail,
                "{}x{}-{} differs: redraw the prepared pictures",
                p.width,
                p.height,
                p.seed
            );
        }
    }

    #[test]
    #[ignore = "writes the prepared pictures; run after changing the drawing"]
    fn redraw_prepared_pictures() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/artwork");
        for p in super::PREPARED {
            let fresh = drawn(p);
            let name = format!("{}x{}-{}", p.width, p.height, p.seed);
            std::fs::write(dir.join(format!("{name}.jpg")), &fresh.image).unwrap();
            std::fs::write(dir.join(format!("{name}-thumb.jpg")), &fresh.thumbnail).unwrap();
        }
    }
}
