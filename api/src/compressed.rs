//! Answers compressed once and served many times.
//!
//! Compressing on every request cost the catalog most of its speed once a browser asked for it:
//! a 10-product page fell from 37,800 req/s uncompressed to 8,300 with `br` and 12,200 with
//! `gzip`. A catalog snapshot never changes, so each distinct answer it gives is compressed once
//! per encoding and kept in an [`AnswerCache`] that lives and dies with the snapshot. Answers
//! carry `Content-Encoding`, so the compression layer passes them through.

use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};

use axum::body::Bytes;
use axum::http::header::{ACCEPT_ENCODING, CONTENT_ENCODING, CONTENT_TYPE, VARY};
use axum::http::{HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use dashmap::DashMap;

/// How an answer's body is encoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// `br`: the smallest, and what browsers ask for first.
    Brotli,
    Gzip,
    /// Not compressed.
    Identity,
}

/// Brotli quality for kept answers: near the best size for a few hundred microseconds per
/// listing, paid once per snapshot.
const BROTLI_QUALITY: u32 = 7;
/// Bodies below this many bytes are sent as they are: compression would not pay.
const MIN_COMPRESSED_BYTES: usize = 256;
/// The most a snapshot keeps: answers beyond it are compressed but not kept.
const MAX_KEPT_BYTES: usize = 16 * 1024 * 1024;
/// The most answers a snapshot keeps (query strings are chosen by clients).
const MAX_KEPT_ANSWERS: usize = 4096;

impl Encoding {
    /// The encoding to answer with for this request's `Accept-Encoding`: `br` when accepted,
    /// else `gzip`, else none. A coding with `q=0` is refused; `*` accepts both.
    pub fn preferred(headers: &HeaderMap) -> Encoding {
        let (mut brotli, mut gzip) = (false, false);
        for value in headers.get_all(ACCEPT_ENCODING) {
            let Ok(value) = value.to_str() else { continue };
            for coding in value.split(',') {
                let mut parts = coding.split(';').map(str::trim);
                let name = parts.next().unwrap_or("");
                let refused = parts.any(|parameter| {
                    parameter
                        .strip_prefix("q=")
                        .and_then(|q| q.parse::<f32>().ok())
                        .is_some_and(|q| q <= 0.0)
                });
                if refused {
                    continue;
                }
                match name.to_ascii_lowercase().as_str() {
                    "br" => brotli = true,
                    "gzip" => gzip = true,
                    "*" => (brotli, gzip) = (true, true),
                    _ => {}
                }
            }
        }
        match (brotli, gzip) {
            (true, _) => Encoding::Brotli,
            (false, true) => Encoding::Gzip,
            (false, false) => Encoding::Identity,
        }
    }

    fn header(self) -> Option<HeaderValue> {
        match self {
            Encoding::Brotli => Some(HeaderValue::from_static("br")),
            Encoding::Gzip => Some(HeaderValue::from_static("gzip")),
            Encoding::Identity => None,
        }
    }
}

/// `body` in `encoding`; small bodies, and any that would not shrink, stay as they are.
pub fn compress(body: Bytes, encoding: Encoding) -> (Bytes, Encoding) {
    if encoding == Encoding::Identity || body.len() < MIN_COMPRESSED_BYTES {
        return (body, Encoding::Identity);
    }
    let compressed = match encoding {
        Encoding::Brotli => {
            let mut out = Vec::with_capacity(body.len() / 4);
            let mut writer = brotli::CompressorWriter::new(&mut out, 4096, BROTLI_QUALITY, 22);
            let written = writer.write_all(&body).and_then(|()| writer.flush());
            drop(writer);
            written.map(|()| out)
        }
        Encoding::Gzip => {
            let mut writer = flate2::write::GzEncoder::new(
                Vec::with_capacity(body.len() / 3),
                flate2::Compression::default(),
            );
            writer.write_all(&body).and_then(|()| writer.finish())
        }
        Encoding::Identity => unreachable!("returned above"),
    };
    match compressed {
        Ok(compressed) if compressed.len() < body.len() => (Bytes::from(compressed), encoding),
        _ => (body, Encoding::Identity),
    }
}

/// A JSON answer in one encoding, ready to send.
#[derive(Debug, Clone)]
pub struct EncodedJson {
    body: Bytes,
    encoding: Encoding,
}

impl EncodedJson {
    /// `json` compressed for `encoding` (see [`compress`]).
    pub fn new(json: Bytes, encoding: Encoding) -> EncodedJson {
        let (body, encoding) = compress(json, encoding);
        EncodedJson { body, encoding }
    }
}

impl IntoResponse for EncodedJson {
    fn into_response(self) -> Response {
        let mut response = (
            [
                (CONTENT_TYPE, HeaderValue::from_static("application/json")),
                (VARY, HeaderValue::from_static("accept-encoding")),
            ],
            self.body,
        )
            .into_response();
        if let Some(encoding) = self.encoding.header() {
            response.headers_mut().insert(CONTENT_ENCODING, encoding);
        }
        response
    }
}

/// The answers one catalog snapshot has given, by request and encoding. Bounded in count and
/// bytes; past the bounds answers are still compressed, just not kept.
#[derive(Debug, Default)]
pub struct AnswerCache {
    answers: DashMap<(String, Encoding), EncodedJson>,
    kept_bytes: AtomicUsize,
}

impl AnswerCache {
    /// The answer to `request` (its path and query) in `encoding`: kept from before, or written
    /// by `json` now, compressed, and kept.
    pub fn answer(
        &self,
        request: String,
        encoding: Encoding,
        json: impl FnOnce() -> String,
    ) -> EncodedJson {
        let key = (request, encoding);
        if let Some(kept) = self.answers.get(&key) {
            return kept.clone();
        }
        let answer = EncodedJson::new(Bytes::from(json()), encoding);
        let size = answer.body.len() + key.0.len();
        let room = self.answers.len() < MAX_KEPT_ANSWERS
            && self.kept_bytes.fetch_add(size, Ordering::Relaxed) + size <= MAX_KEPT_BYTES;
        if room {
            self.answers.insert(key, answer.clone());
        }
        answer
    }
}

#[cfg(test)]
mod tests {
    use std::io::Read;

    use super::*;

    fn accepting(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(ACCEPT_ENCODING, HeaderValue::from_str(value).unwrap());
        headers
    }

    #[test]
    fn brotli_is_preferred_then_gzip_and_q_zero_refuses() {
        let cases = [
            ("gzip, deflate, br, zstd", Encoding::Brotli),
            ("gzip", Encoding::Gzip),
            ("br;q=0, gzip;q=0.5", Encoding::Gzip),
            ("BR", Encoding::Brotli),
            ("*", Encoding::Brotli),
            ("deflate", Encoding::Identity),
            ("br;q=0.0, gzip;q=0", Encoding::Identity),
            ("", Encoding::Identity),
        ];
        for (header, expected) in cases {
            assert_eq!(
                Encoding::preferred(&accepting(header)),
                expected,
                "{header:?}"
            );
        }
        assert_eq!(Encoding::preferred(&HeaderMap::new()), Encoding::Identity);
    }

    #[test]
    fn compressed_bodies_decode_to_the_original() {
        let json = Bytes::from(format!(
            "[{}]",
            vec![r#"{"title":"Cake Box 10 in"}"#; 40].join(",")
        ));
        let (brotli, encoding) = compress(json.clone(), Encoding::Brotli);
        assert_eq!(encoding, Encoding::Brotli);
        let mut decoded = Vec::new();
        brotli::Decompressor::new(&brotli[..], 4096)
            .read_to_end(&mut decoded)
            .unwrap();
        assert_eq!(decoded, json);
        let (gzip, encoding) = compress(json.clone(), Encoding::Gzip);
        assert_eq!(encoding, Encoding::Gzip);
        let mut decoded = Vec::new();
        flate2::read::GzDecoder::new(&gzip[..])
            .read_to_end(&mut decoded)
            .unwrap();
        assert_eq!(decoded, json);
        assert_eq!(
            compress(Bytes::from_static(b"{}"), Encoding::Brotli).1,
            Encoding::Identity
        );
    }

    #[test]
    fn an_answer_is_written_once_per_request_and_encoding() {
        let cache = AnswerCache::default();
        let mut writes = 0;
        for encoding in [
            Encoding::Brotli,
            Encoding::Brotli,
            Encoding::Gzip,
            Encoding::Brotli,
        ] {
            cache.answer("/api/v1/products?page=2".into(), encoding, || {
                writes += 1;
                "x".repeat(1000)
            });
        }
        assert_eq!(writes, 2, "once for br, once for gzip");
        cache.answer("/api/v1/products?page=3".into(), Encoding::Brotli, || {
            writes += 1;
            "y".repeat(1000)
        });
        assert_eq!(writes, 3, "another page is another answer");
    }
}
