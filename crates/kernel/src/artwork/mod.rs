//! Pictures the platform draws itself for its demo content (blog headers, posters,
//! banners, group images): a soft gradient with overlapping discs, different per `seed`.
//! Nothing is fetched from elsewhere.
//!
//! The pictures the demo seed uses are drawn once, processed as an upload would be, and
//! kept beside this file ([`prepared`]), so a first start stores them instead of drawing,
//! encoding, decoding and resizing each (it took most of a second). A test checks that
//! every kept file is still what drawing it gives; `cargo test -p kernel -- --ignored
//! redraw_prepared_pictures` writes them again after a change to the drawing.

use image::codecs::jpeg::JpegEncoder;
use image::{Rgb, RgbImage};

/// The palette pairs pictures are drawn from (the site's teal family and warm accents).
const PALETTES: [([u8; 3], [u8; 3], [u8; 3]); 6] = [
    ([11, 93, 107], [42, 157, 143], [255, 209, 102]),
    ([38, 70, 83], [42, 157, 143], [233, 196, 106]),
    ([106, 76, 147], [25, 130, 196], [255, 202, 58]),
    ([29, 53, 87], [69, 123, 157], [241, 250, 238]),
    ([141, 59, 114], [240, 128, 128], [255, 236, 179]),
    ([18, 123, 131], [138, 201, 38], [255, 255, 255]),
];

fn mix(a: [u8; 3], b: [u8; 3], t: f32) -> [u8; 3] {
    let channel =
        |i: usize| (f32::from(a[i]) + (f32::from(b[i]) - f32::from(a[i])) * t).round() as u8;
    [channel(0), channel(1), channel(2)]
}

/// A JPEG of `width` × `height` pixels.
pub fn jpeg(width: u32, height: u32, seed: u32) -> Vec<u8> {
    let (from, to, accent) = PALETTES[seed as usize % PALETTES.len()];
    let (w, h) = (width as f32, height as f32);
    // Disc centres and radii move with the seed, so every picture differs.
    let discs: Vec<(f32, f32, f32, f32)> = (0..4)
        .map(|i| {
            let k = (seed * 7 + i * 13) as f32;
            let x = w * (0.15 + 0.7 * ((k * 0.37).sin() * 0.5 + 0.5));
            let y = h * (0.2 + 0.6 * ((k * 0.61).cos() * 0.5 + 0.5));
            let r = h * (0.12 + 0.08 * (i as f32));
            let alpha = 0.55 - 0.1 * i as f32;
            (x, y, r, alpha)
        })
        .collect();
    let picture = RgbImage::from_fn(width, height, |x, y| {
        let (fx, fy) = (x as f32, y as f32);
        let mut colour = mix(from, to, (fx / w + fy / h) / 2.0);
        for (cx, cy, r, alpha) in &discs {
            let d = ((fx - cx).powi(2) + (fy - cy).powi(2)).sqrt();
            if d < *r {
                colour = mix(colour, accent, *alpha);
            }
        }
        Rgb(colour)
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
    prepared!(1200, 240, 3),
    prepared!(1200, 240, 5),
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
