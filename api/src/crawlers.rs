//! `robots.txt` and `sitemap.xml` for search engines: real files, not the web app's page. The
//! sitemap lists the storefront's public pages and every product, from the catalog snapshot.

use std::fmt::Write as _;

use axum::Router;
use axum::extract::State;
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE, HOST};
use axum::http::{HeaderMap, HeaderValue};
use axum::response::IntoResponse;
use axum::routing::get;

use crate::markup::escape;
use crate::state::AppState;

/// Storefront pages worth finding, beside the product pages.
const PUBLIC_PAGES: &[&str] = &["/", "/products", "/about"];

/// How long crawlers may keep either file: the catalog changes during the day.
const CRAWLER_CACHE: &str = "public, max-age=3600";

/// The crawler files' routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/robots.txt", get(robots))
        .route("/sitemap.xml", get(sitemap))
}

/// `PUBLIC_URL`, or the origin the request was sent to.
fn origin(state: &AppState, headers: &HeaderMap) -> String {
    if let Some(url) = &state.config.public_url {
        return url.clone();
    }
    let host = headers
        .get(HOST)
        .and_then(|host| host.to_str().ok())
        .unwrap_or("localhost");
    format!("http://{host}")
}

/// Keeps the shopper's own pages (cart, checkout, orders, sign-in) and the back office out of
/// search results; the API is not for crawling.
fn robots_txt(origin: &str) -> String {
    format!(
        "User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\nDisallow: /cart\n\
         Disallow: /checkout\nDisallow: /orders\nDisallow: /login\nDisallow: /register\n\n\
         Sitemap: {origin}/sitemap.xml\n"
    )
}

async fn robots(State(state): State<AppState>, headers: HeaderMap) -> impl IntoResponse {
    (
        [
            (
                CONTENT_TYPE,
                HeaderValue::from_static("text/plain; charset=utf-8"),
            ),
            (CACHE_CONTROL, HeaderValue::from_static(CRAWLER_CACHE)),
        ],
        robots_txt(&origin(&state, &headers)),
    )
}

/// A sitemap of `pages` (path, and the day it last changed when known) under `origin`.
fn sitemap_xml<'a>(origin: &str, pages: impl Iterator<Item = (String, Option<&'a str>)>) -> String {
    let origin = escape(origin);
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for (path, changed) in pages {
        let _ = write!(xml, "<url><loc>{origin}{}</loc>", escape(&path));
        if let Some(day) = changed {
            let _ = write!(xml, "<lastmod>{}</lastmod>", escape(day));
        }
        xml.push_str("</url>\n");
    }
    xml.push_str("</urlset>\n");
    xml
}

/// The `YYYY-MM-DD` of an RFC 3339 time, if it has one.
fn day_of(time: &str) -> Option<&str> {
    time.get(..10)
        .filter(|day| day.bytes().all(|b| b.is_ascii_digit() || b == b'-'))
}

async fn sitemap(State(state): State<AppState>, headers: HeaderMap) -> impl IntoResponse {
    let snapshot = state.catalog.snapshot();
    let pages = PUBLIC_PAGES
        .iter()
        .map(|path| ((*path).to_owned(), None))
        .chain(snapshot.products().map(|product| {
            (
                format!("/products/{}", product.id()),
                day_of(product.updated_at()),
            )
        }));
    let body = sitemap_xml(&origin(&state, &headers), pages);
    (
        [
            (
                CONTENT_TYPE,
                HeaderValue::from_static("application/xml; charset=utf-8"),
            ),
            (CACHE_CONTROL, HeaderValue::from_static(CRAWLER_CACHE)),
        ],
        body,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sitemap_escapes_what_xml_reserves_and_dates_pages_by_day() {
        let xml = sitemap_xml(
            "https://a&b.example",
            [
                ("/".to_owned(), None),
                ("/products/p1".to_owned(), day_of("2026-11-24T10:00:00Z")),
            ]
            .into_iter(),
        );
        assert!(
            xml.contains("<url><loc>https://a&amp;b.example/</loc></url>"),
            "{xml}"
        );
        assert!(
            xml.contains(
                "<url><loc>https://a&amp;b.example/products/p1</loc><lastmod>2026-11-24</lastmod></url>"
            ),
            "{xml}"
        );
        assert!(xml.ends_with("</urlset>\n"));
    }

    #[test]
    fn a_time_without_a_date_gives_no_day() {
        assert_eq!(day_of(""), None);
        assert_eq!(day_of("yesterday at noon"), None);
    }

    #[test]
    fn robots_keeps_private_pages_out_and_names_the_sitemap() {
        let robots = robots_txt("https://whisk.example");
        for line in ["Disallow: /admin", "Disallow: /checkout", "Disallow: /api/"] {
            assert!(robots.lines().any(|l| l == line), "{line}");
        }
        assert!(robots.ends_with("Sitemap: https://whisk.example/sitemap.xml\n"));
    }
}
