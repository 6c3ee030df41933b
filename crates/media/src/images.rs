//! Uploaded pictures: recognised by their bytes (never by name or declared type), decoded
//! under limits, turned upright, downscaled, re-encoded without metadata, and thumbnailed.

use std::io::Cursor;

use image::codecs::jpeg::JpegEncoder;
use image::imageops::FilterType;
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits};

use kernel::storage::{Storage, StorageError};

/// The picture formats members may upload (spec: jpeg, png, jpg).
const ACCEPTED: [ImageFormat; 2] = [ImageFormat::Jpeg, ImageFormat::Png];

/// Larger sides are refused before decoding, so a tiny file cannot claim a huge canvas.
const MAX_SIDE: u32 = 12_000;
/// Largest canvas, read from the header before decoding: far past any avatar, header or
/// photo the product shows (a 447 KB PNG claiming 11,900 × 11,900 took 21 s and 630 MB).
pub const MAX_MEGAPIXELS: u64 = 40;
/// Memory the decoder may allocate for one picture (40 MP in 8-bit RGBA is 160 MB).
const MAX_DECODE_BYTES: u64 = 256 * 1024 * 1024;
const JPEG_QUALITY: u8 = 85;

/// Why a file was refused; the text is shown to the user as is.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ImageRejection {
    #[error("{}", kernel::validation::FieldText::InvalidImage.as_str())]
    NotAnImage,
    #[error("Only JPEG and PNG images are allowed.")]
    UnsupportedFormat,
    #[error(
        "The image is too large: at most {MAX_SIDE} pixels on each side and {MAX_MEGAPIXELS} megapixels."
    )]
    TooManyPixels,
}

/// How to shape one kind of picture.
#[derive(Debug, Clone, Copy)]
pub struct Shape {
    /// Pictures wider than this are scaled down to it (height follows the aspect ratio).
    pub max_width: u32,
    /// The thumbnail fits in a square of this side.
    pub thumbnail_side: u32,
}

/// A picture ready to store: the main image and its thumbnail, both in `extension`'s format.
#[derive(Debug)]
pub struct Processed {
    pub image: Vec<u8>,
    pub thumbnail: Vec<u8>,
    /// `jpg` or `png`: photographs stay JPEG; PNG keeps its transparency.
    pub extension: &'static str,
    pub width: u32,
    pub height: u32,
}

/// Checks, cleans and resizes an uploaded picture.
pub fn process(bytes: &[u8], shape: Shape) -> Result<Processed, ImageRejection> {
    let (picture, format) = decode(bytes)?;
    let picture = if picture.width() > shape.max_width {
        picture.resize(shape.max_width, u32::MAX, FilterType::Lanczos3)
    } else {
        picture
    };
    let thumbnail = picture.thumbnail(shape.thumbnail_side, shape.thumbnail_side);
    Ok(Processed {
        image: encode(&picture, format)?,
        thumbnail: encode(&thumbnail, format)?,
        extension: if format == ImageFormat::Png {
            "png"
        } else {
            "jpg"
        },
        width: picture.width(),
        height: picture.height(),
    })
}

/// Stores a processed picture under `folder` with a fresh unguessable name and returns its
/// key; the thumbnail sits beside it at [`thumbnail_key`].
pub async fn store(
    storage: &dyn Storage,
    folder: &str,
    picture: &Processed,
) -> Result<String, StorageError> {
    store_pair(
        storage,
        folder,
        picture.extension,
        &picture.image,
        &picture.thumbnail,
    )
    .await
}

pub(crate) async fn store_pair(
    storage: &dyn Storage,
    folder: &str,
    extension: &str,
    image: &[u8],
    thumbnail: &[u8],
) -> Result<String, StorageError> {
    let key = format!("{folder}/{}.{extension}", kernel::storage::unique_name());
    storage.put(&thumbnail_key(&key), thumbnail).await?;
    storage.put(&key, image).await?;
    Ok(key)
}

/// Runs [`process`] on the picture pool ([`kernel::pool`]): a burst of uploads waits its
/// turn instead of taking the server's memory. A refused file is an error on `field`.
pub async fn process_pooled(
    upload: Vec<u8>,
    shape: Shape,
    field: &str,
) -> kernel::AppResult<Processed> {
    PICTURES
        .run(move || process(&upload, shape))
        .await?
        .map_err(|rejection| kernel::AppError::field(field, rejection.to_string()))
}

/// Shown when more pictures wait than the queue holds.
pub const BUSY: &str = "Many pictures are being processed right now. Try again in a moment.";

static PICTURES: std::sync::LazyLock<kernel::pool::Pool> =
    std::sync::LazyLock::new(|| kernel::pool::Pool::per_core(4, BUSY));

/// Checks, cleans and stores an uploaded picture under `folder` on the picture pool; a
/// refused file is an error on the form's `file` field. Returns the storage key.
pub async fn accept(
    storage: &dyn Storage,
    folder: &str,
    upload: Vec<u8>,
    shape: Shape,
) -> kernel::AppResult<String> {
    let processed = process_pooled(upload, shape, kernel::upload::FILE_FIELD).await?;
    store(storage, folder, &processed)
        .await
        .map_err(|e| kernel::AppError::Internal(e.into()))
}

/// Removes a stored picture and its thumbnail.
pub async fn delete(storage: &dyn Storage, key: &str) -> Result<(), StorageError> {
    storage.delete(key).await?;
    storage.delete(&thumbnail_key(key)).await
}

/// Where the thumbnail of the picture stored at `key` lives: `a/b.jpg` → `a/b-thumb.jpg`.
pub fn thumbnail_key(key: &str) -> String {
    match key.rsplit_once('.') {
        Some((stem, extension)) if !extension.contains('/') => {
            format!("{stem}-thumb.{extension}")
        }
        _ => format!("{key}-thumb"),
    }
}

fn decode(bytes: &[u8]) -> Result<(DynamicImage, ImageFormat), ImageRejection> {
    let mut reader = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|_| ImageRejection::NotAnImage)?;
    let format = reader.format().ok_or(ImageRejection::NotAnImage)?;
    if !ACCEPTED.contains(&format) {
        return Err(ImageRejection::UnsupportedFormat);
    }
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_DECODE_BYTES);
    reader.limits(limits);
    let mut decoder = reader.into_decoder().map_err(rejection)?;
    let (width, height) = decoder.dimensions();
    if u64::from(width) * u64::from(height) > MAX_MEGAPIXELS * 1_000_000 {
        return Err(ImageRejection::TooManyPixels);
    }
    // Phones record rotation in EXIF; apply it now because re-encoding drops the metadata.
    let orientation = decoder.orientation().map_err(rejection)?;
    let mut picture = DynamicImage::from_decoder(decoder).map_err(rejection)?;
    picture.apply_orientation(orientation);
    Ok((picture, format))
}

fn rejection(error: image::ImageError) -> ImageRejection {
    match error {
        image::ImageError::Limits(_) => ImageRejection::TooManyPixels,
        _ => ImageRejection::NotAnImage,
    }
}

fn encode(picture: &DynamicImage, format: ImageFormat) -> Result<Vec<u8>, ImageRejection> {
    let mut out = Vec::new();
    let written = if format == ImageFormat::Png {
        picture.write_to(&mut Cursor::new(&mut out), ImageFormat::Png)
    } else {
        // JPEG has no alpha channel; flatten to RGB first.
        JpegEncoder::new_with_quality(&mut out, JPEG_QUALITY)
            .encode_image(&DynamicImage::ImageRgb8(picture.to_rgb8()))
    };
    written.map_err(rejection)?;
    Ok(out)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use image::{Rgb, RgbImage, Rgba, RgbaImage};

    const SHAPE: Shape = Shape {
        max_width: 1200,
        thumbnail_side: 200,
    };

    pub fn jpeg(width: u32, height: u32) -> Vec<u8> {
        let picture = RgbImage::from_pixel(width, height, Rgb([200, 30, 30]));
        let mut out = Vec::new();
        JpegEncoder::new_with_quality(&mut out, 90)
            .encode_image(&picture)
            .unwrap();
        out
    }

    fn png(width: u32, height: u32) -> Vec<u8> {
        let picture = RgbaImage::from_pixel(width, height, Rgba([0, 0, 255, 128]));
        let mut out = Vec::new();
        DynamicImage::ImageRgba8(picture)
            .write_to(&mut Cursor::new(&mut out), ImageFormat::Png)
            .unwrap();
        out
    }

    #[test]
    fn downscales_wide_pictures_to_the_cap_keeping_the_aspect_ratio() {
        let done = process(&jpeg(2400, 1000), SHAPE).unwrap();
        assert_eq!((done.width, done.height), (1200, 500));
        assert_eq!(done.extension, "jpg");
        let thumb = image::load_from_memory(&done.thumbnail).unwrap();
        assert_eq!((thumb.width(), thumb.height()), (200, 83));
    }

    /// A PNG whose header claims `width` × `height` (its pixel data is cut short): what
    /// an attacker sends to make the server allocate a canvas.
    fn claimed_png(width: u32, height: u32) -> Vec<u8> {
        fn crc32(bytes: &[u8]) -> u32 {
            let mut crc = 0xFFFF_FFFFu32;
            for &b in bytes {
                crc ^= u32::from(b);
                for _ in 0..8 {
                    crc = if crc & 1 == 1 {
                        (crc >> 1) ^ 0xEDB8_8320
                    } else {
                        crc >> 1
                    };
                }
            }
            !crc
        }
        let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
        let mut ihdr = b"IHDR".to_vec();
        ihdr.extend_from_slice(&width.to_be_bytes());
        ihdr.extend_from_slice(&height.to_be_bytes());
        ihdr.extend_from_slice(&[8, 2, 0, 0, 0]);
        out.extend_from_slice(&13u32.to_be_bytes());
        out.extend_from_slice(&ihdr);
        out.extend_from_slice(&crc32(&ihdr).to_be_bytes());
        // The first bytes of a deflate stream, and no more.
        out.extend_from_slice(&2u32.to_be_bytes());
        out.extend_from_slice(b"IDAT\x78\x9c");
        out.extend_from_slice(&crc32(b"IDAT\x78\x9c").to_be_bytes());
        out.extend_from_slice(&0u32.to_be_bytes());
        out.extend_from_slice(b"IEND");
        out.extend_from_slice(&crc32(b"IEND").to_be_bytes());
        out
    }

    /// Issue 15, finding 6: 11,900 × 11,900 fits the side cap but took 21 s and 630 MB.
    #[test]
    fn canvases_past_the_megapixel_cap_are_refused_before_decoding() {
        let started = std::time::Instant::now();
        assert_eq!(
            process(&claimed_png(11_900, 11_900), SHAPE).unwrap_err(),
            ImageRejection::TooManyPixels
        );
        assert_eq!(
            process(&claimed_png(8_000, 5_001), SHAPE).unwrap_err(),
            ImageRejection::TooManyPixels
        );
        assert!(started.elapsed() < std::time::Duration::from_millis(500));
        // Within the cap the header passes; this one then fails for its missing pixels.
        assert_eq!(
            process(&claimed_png(8_000, 5_000), SHAPE).unwrap_err(),
            ImageRejection::NotAnImage
        );
    }

    #[test]
    fn keeps_small_pictures_and_png_transparency() {
        let done = process(&png(300, 300), SHAPE).unwrap();
        assert_eq!((done.width, done.height), (300, 300));
        assert_eq!(done.extension, "png");
        let again = image::load_from_memory(&done.image).unwrap();
        assert!(again.color().has_alpha());
    }

    #[test]
    fn refuses_what_is_not_a_jpeg_or_png_whatever_it_claims() {
        assert_eq!(
            process(b"%PDF-1.4 not a picture", SHAPE).unwrap_err(),
            ImageRejection::NotAnImage
        );
        let gif = b"GIF89a\x01\x00\x01\x00\x00\x00\x00;";
        assert_eq!(
            process(gif, SHAPE).unwrap_err(),
            ImageRejection::UnsupportedFormat
        );
        let mut truncated = jpeg(64, 64);
        truncated.truncate(40);
        assert_eq!(
            process(&truncated, SHAPE).unwrap_err(),
            ImageRejection::NotAnImage
        );
    }

    #[test]
    fn refuses_a_header_that_claims_a_huge_canvas() {
        // A small JPEG whose frame header (SOF0) is edited to announce 20000 × 20000 pixels.
        let mut forged = jpeg(16, 16);
        let sof = forged.windows(2).position(|w| w == [0xFF, 0xC0]).unwrap();
        forged[sof + 5..sof + 7].copy_from_slice(&20_000u16.to_be_bytes());
        forged[sof + 7..sof + 9].copy_from_slice(&20_000u16.to_be_bytes());
        assert_eq!(
            process(&forged, SHAPE).unwrap_err(),
            ImageRejection::TooManyPixels
        );
    }

    #[test]
    fn thumbnails_sit_beside_their_picture() {
        assert_eq!(thumbnail_key("avatars/3/ab.jpg"), "avatars/3/ab-thumb.jpg");
        assert_eq!(thumbnail_key("odd.dir/name"), "odd.dir/name-thumb");
    }

    #[test]
    fn strips_metadata_by_re_encoding() {
        // A JPEG with an EXIF APP1 segment carrying a marker string.
        let plain = jpeg(32, 32);
        let mut tagged = plain[..2].to_vec();
        let payload = b"Exif\x00\x00SECRET-GPS";
        tagged.extend([0xFF, 0xE1]);
        tagged.extend(((payload.len() + 2) as u16).to_be_bytes());
        tagged.extend(payload);
        tagged.extend(&plain[2..]);
        let done = process(&tagged, SHAPE).unwrap();
        let marker = b"SECRET-GPS";
        assert!(!done.image.windows(marker.len()).any(|w| w == marker));
    }
}
