//! Compressed responses: brotli or gzip, as the browser asks, for text-like bodies large
//! enough to gain (API JSON, pages, scripts). Pictures, videos, PDFs and files already
//! encoded (the front end's precompressed assets, cached public reads) pass untouched.
//!
//! A body held in memory (every JSON answer) is compressed at once with settings chosen for
//! answers of a few kilobytes: brotli with a 256 KiB window (actix's encoder opens a 4 MiB
//! one per response, which cost a replies page nearly half its throughput). Streamed
//! bodies go through actix's encoder.

use actix_http::encoding::Encoder;
use actix_web::body::{BodySize, BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::http::header::{
    self, AcceptEncoding, ContentEncoding, Encoding, HeaderMap, HeaderValue,
};
use actix_web::middleware::Next;
use actix_web::web::Bytes;

/// Below this many bytes compression saves less than it costs.
pub const MIN_BYTES: u64 = 1024;
/// Answers up to this size are compressed whole; larger ones (files) as they stream.
const MAX_IN_MEMORY: u64 = 8 * 1024 * 1024;

/// What we compress with, best first; identity is always acceptable to us.
const OFFERED: [Encoding; 3] = [Encoding::brotli(), Encoding::gzip(), Encoding::identity()];

/// The encoding the request accepts that we prefer; identity when it names none we offer.
pub fn negotiate(req: &actix_web::HttpRequest) -> ContentEncoding {
    let chosen = actix_web::HttpMessage::get_header::<AcceptEncoding>(req)
        .and_then(|accepted| accepted.negotiate(OFFERED.iter()));
    match chosen {
        Some(Encoding::Known(ContentEncoding::Brotli)) => ContentEncoding::Brotli,
        Some(Encoding::Known(ContentEncoding::Gzip)) => ContentEncoding::Gzip,
        _ => ContentEncoding::Identity,
    }
}

/// Whether a body of this type reads as text (and so shrinks when compressed).
pub fn is_compressible(headers: &HeaderMap) -> bool {
    let Some(kind) = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
    else {
        return false;
    };
    let essence = kind.split(';').next().unwrap_or_default().trim();
    essence.starts_with("text/")
        || essence == "application/json"
        || essence == "application/javascript"
        || essence == "application/xml"
        || essence == "image/svg+xml"
        || essence == "application/manifest+json"
        || essence.ends_with("+json")
}

/// Says that the body depends on `Accept-Encoding`, once.
pub fn vary_on_encoding(headers: &mut HeaderMap) {
    let already = headers
        .get_all(header::VARY)
        .filter_map(|v| v.to_str().ok())
        .any(|v| v.to_ascii_lowercase().contains("accept-encoding"));
    if !already {
        headers.append(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    }
}

fn worth_compressing(status: StatusCode, headers: &HeaderMap, size: BodySize) -> bool {
    let whole = !matches!(
        status,
        StatusCode::PARTIAL_CONTENT | StatusCode::NO_CONTENT | StatusCode::SWITCHING_PROTOCOLS
    );
    let large = match size {
        BodySize::Sized(n) => n >= MIN_BYTES,
        BodySize::Stream => true,
        BodySize::None => false,
    };
    whole && large && !headers.contains_key(header::CONTENT_ENCODING)
}

/// How a body of a few kilobytes is compressed: quick settings, made once per answer.
#[derive(Debug, Clone, Copy)]
pub struct Level {
    pub brotli_quality: u32,
    pub brotli_window: u32,
    pub gzip: u32,
}

/// For answers made per request. Brotli's quality 1 sizes its hash table to the input;
/// from quality 2 up it allocates fixed tables of half a megabyte and more, which jemalloc
/// zeroes on every request (0.3 ms for a 4 KB page against 14 µs at quality 1, whose
/// output is still smaller than gzip's best).
pub const PER_REQUEST: Level = Level {
    brotli_quality: 1,
    brotli_window: 18,
    gzip: 1,
};

/// For answers kept and sent many times (cached public reads).
pub const KEPT: Level = Level {
    brotli_quality: 7,
    brotli_window: 20,
    gzip: 8,
};

/// `body` compressed with `encoding` (identity returns it as it is).
pub fn encode(body: &[u8], encoding: ContentEncoding, level: Level) -> Bytes {
    use std::io::Write;
    let out = match encoding {
        ContentEncoding::Brotli => {
            let mut writer = brotli::CompressorWriter::new(
                Vec::with_capacity(body.len() / 3),
                4096,
                level.brotli_quality,
                level.brotli_window,
            );
            // Writing to memory fails only when memory does.
            let _ = writer.write_all(body);
            writer.into_inner()
        }
        ContentEncoding::Gzip => {
            let mut writer = flate2::write::GzEncoder::new(
                Vec::with_capacity(body.len() / 3),
                flate2::Compression::new(level.gzip),
            );
            let _ = writer.write_all(body);
            writer.finish().unwrap_or_default()
        }
        _ => return Bytes::copy_from_slice(body),
    };
    Bytes::from(out)
}

pub async fn compress(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let encoding = negotiate(req.request());
    let mut res = next.call(req).await?;
    let textual = is_compressible(res.headers());
    let worth =
        textual && worth_compressing(res.status(), res.headers(), res.response().body().size());
    if textual && !(worth && encoding != ContentEncoding::Identity) {
        // Left as it is, a text body could have been encoded for another request.
        vary_on_encoding(res.headers_mut());
    }
    if !worth || encoding == ContentEncoding::Identity {
        return Ok(res.map_into_boxed_body());
    }
    let (http, response) = res.into_parts();
    let (mut response, body) = response.into_parts();
    match body.size() {
        // An answer held in memory (every JSON answer): read and compressed at once.
        BodySize::Sized(n) if n <= MAX_IN_MEMORY => {
            let bytes = actix_web::body::to_bytes(body)
                .await
                .map_err(|_| actix_web::error::ErrorInternalServerError("unreadable answer"))?;
            let encoded = encode(&bytes, encoding, PER_REQUEST);
            let headers = response.headers_mut();
            headers.insert(header::CONTENT_ENCODING, encoding.to_header_value());
            vary_on_encoding(headers);
            let response = response.set_body(BoxBody::new(encoded));
            Ok(ServiceResponse::new(http, response))
        }
        _ => {
            let response = response
                .set_body(body)
                .map_body(|head, body| Encoder::response(encoding, head, body));
            Ok(ServiceResponse::new(http, response.map_into_boxed_body()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    fn headers(kind: &str) -> HeaderMap {
        let mut map = HeaderMap::new();
        map.insert(header::CONTENT_TYPE, HeaderValue::from_str(kind).unwrap());
        map
    }

    #[test]
    fn prefers_brotli_then_gzip_and_honours_refusals() {
        let ask = |value: &str| {
            negotiate(
                &TestRequest::default()
                    .insert_header((header::ACCEPT_ENCODING, value))
                    .to_http_request(),
            )
        };
        assert_eq!(ask("gzip, deflate, br"), ContentEncoding::Brotli);
        assert_eq!(ask("gzip"), ContentEncoding::Gzip);
        assert_eq!(ask("br;q=0, gzip"), ContentEncoding::Gzip);
        assert_eq!(ask("zstd"), ContentEncoding::Identity);
        assert_eq!(
            negotiate(&TestRequest::default().to_http_request()),
            ContentEncoding::Identity
        );
    }

    #[test]
    fn text_is_compressed_media_is_not() {
        assert!(is_compressible(&headers("application/json")));
        assert!(is_compressible(&headers("text/html; charset=utf-8")));
        assert!(is_compressible(&headers("image/svg+xml")));
        assert!(!is_compressible(&headers("image/png")));
        assert!(!is_compressible(&headers("video/mp4")));
        assert!(!is_compressible(&headers("application/pdf")));
        assert!(!is_compressible(&HeaderMap::new()));
    }

    #[test]
    fn encodes_what_decodes_back() {
        use std::io::Read;
        let body = br#"{"data":[{"text":"a reply"}],"pagination":{}}"#.repeat(40);
        let brotli = encode(&body, ContentEncoding::Brotli, PER_REQUEST);
        let mut back = Vec::new();
        brotli::Decompressor::new(&brotli[..], 4096)
            .read_to_end(&mut back)
            .unwrap();
        assert_eq!(back, body);
        assert!(brotli.len() < body.len() / 4);
        let gzip = encode(&body, ContentEncoding::Gzip, KEPT);
        let mut back = Vec::new();
        flate2::read::GzDecoder::new(&gzip[..])
            .read_to_end(&mut back)
            .unwrap();
        assert_eq!(back, body);
    }

    #[test]
    fn small_partial_or_encoded_bodies_are_left_alone() {
        let json = headers("application/json");
        assert!(worth_compressing(
            StatusCode::OK,
            &json,
            BodySize::Sized(4096)
        ));
        assert!(!worth_compressing(
            StatusCode::OK,
            &json,
            BodySize::Sized(200)
        ));
        assert!(!worth_compressing(
            StatusCode::PARTIAL_CONTENT,
            &json,
            BodySize::Sized(4096)
        ));
        let mut encoded = json.clone();
        encoded.insert(header::CONTENT_ENCODING, HeaderValue::from_static("br"));
        assert!(!worth_compressing(
            StatusCode::OK,
            &encoded,
            BodySize::Sized(4096)
        ));
    }
}
