//! Picture factories for upload tests.

use std::io::Cursor;

use image::{DynamicImage, ImageFormat, Rgb, RgbImage};

/// A JPEG of one colour.
pub fn jpeg(width: u32, height: u32) -> Vec<u8> {
    encode(width, height, ImageFormat::Jpeg)
}

/// A PNG of one colour.
pub fn png(width: u32, height: u32) -> Vec<u8> {
    encode(width, height, ImageFormat::Png)
}

fn encode(width: u32, height: u32, format: ImageFormat) -> Vec<u8> {
    let picture = RgbImage::from_pixel(width, height, Rgb([30, 120, 200]));
    let mut out = Vec::new();
    DynamicImage::ImageRgb8(picture)
        .write_to(&mut Cursor::new(&mut out), format)
        .expect("encode a test picture");
    out
}

/// Width and height of an encoded picture.
pub fn dimensions(bytes: &[u8]) -> (u32, u32) {
    let picture = image::load_from_memory(bytes).expect("a picture");
    (picture.width(), picture.height())
}
