//! The page's files, embedded in the binary: the HTML, the style sheet, the ES modules of the
//! script (loaded by the browser with `<script type="module">`, no bundler) and the `OpenAPI`
//! description, each served with its content type, `no-cache`, and a content security policy
//! that lets only this server's files run.
//!
//! A new module of the page is one line in [`FILES`].

use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

/// One embedded file: where it is served, its content type, its text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Asset {
    /// The path it is served at.
    pub path: &'static str,
    /// The `Content-Type` it is served with.
    pub content_type: &'static str,
    /// The file.
    pub body: &'static str,
}

const HTML: &str = "text/html; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const JAVASCRIPT: &str = "text/javascript; charset=utf-8";

macro_rules! module {
    ($name:literal) => {
        Asset {
            path: concat!("/js/", $name),
            content_type: JAVASCRIPT,
            body: include_str!(concat!("../assets/js/", $name)),
        }
    };
}

/// The page.
pub const INDEX_HTML: &str = include_str!("../assets/index.html");
/// The `OpenAPI` 3 description of the API.
pub const OPENAPI_JSON: &str = include_str!("../assets/openapi.json");

/// Every file the server serves besides the API: the page, its style sheet, its modules (the
/// entry point `main.js` first) and the `OpenAPI` description.
pub const FILES: &[Asset] = &[
    Asset {
        path: "/",
        content_type: HTML,
        body: INDEX_HTML,
    },
    Asset {
        path: "/style.css",
        content_type: CSS,
        body: include_str!("../assets/style.css"),
    },
    module!("main.js"),
    module!("modes.js"),
    module!("dom.js"),
    module!("api.js"),
    module!("url.js"),
    module!("share.js"),
    module!("export.js"),
    module!("board.js"),
    module!("boards.js"),
    module!("verdict.js"),
    module!("grid-view.js"),
    module!("canvas-view.js"),
    module!("graph.js"),
    module!("graphs.js"),
    module!("graph-view.js"),
    module!("layout.js"),
    module!("play.js"),
    module!("slither.js"),
    module!("versus.js"),
    module!("record.js"),
    module!("treasure.js"),
    module!("edge.js"),
    module!("words.js"),
    module!("multigraph-view.js"),
    Asset {
        path: "/api/openapi.json",
        content_type: "application/json",
        body: OPENAPI_JSON,
    },
];

/// Everything the page loads comes from this server; nothing inline runs.
const CONTENT_SECURITY_POLICY: &str =
    "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; \
     form-action 'none'; frame-ancestors 'none'";

/// A `GET` route for each of [`FILES`].
pub fn routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    FILES.iter().fold(Router::new(), |router, &asset| {
        router.route(asset.path, get(move || async move { respond(asset) }))
    })
}

/// An embedded file with its content type.
fn respond(asset: Asset) -> Response {
    (
        [
            (header::CONTENT_TYPE, asset.content_type),
            (header::CACHE_CONTROL, "no-cache"),
            (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        ],
        asset.body,
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn modules() -> impl Iterator<Item = &'static Asset> {
        FILES
            .iter()
            .filter(|asset| asset.content_type == JAVASCRIPT)
    }

    /// The files a module imports (`from './x.js'`), as served paths.
    fn imports(module: &str) -> Vec<String> {
        module
            .split(" from './")
            .skip(1)
            .map(|rest| format!("/js/{}", &rest[..rest.find('\'').unwrap()]))
            .collect()
    }

    #[test]
    fn every_import_is_served_and_every_module_is_loaded() {
        let served: Vec<&str> = FILES.iter().map(|asset| asset.path).collect();
        assert!(INDEX_HTML.contains(r#"<script type="module" src="/js/main.js">"#));
        let mut loaded = vec!["/js/main.js".to_string()];
        for module in modules() {
            for import in imports(module.body) {
                assert!(
                    served.contains(&import.as_str()),
                    "{} imports {import}, which is not served",
                    module.path
                );
                loaded.push(import);
            }
        }
        for module in modules() {
            assert!(
                loaded.iter().any(|path| path == module.path),
                "{} is served but no module imports it",
                module.path
            );
        }
    }

    #[test]
    fn every_element_a_module_looks_up_by_id_is_in_the_page() {
        for module in modules() {
            for piece in module.body.split("$('#").skip(1) {
                let id = &piece[..piece.find(['\'', ' ', '`']).unwrap()];
                assert!(
                    INDEX_HTML.contains(&format!("id=\"{id}\"")),
                    "{} uses #{id}, missing from the page",
                    module.path
                );
            }
        }
    }

    #[test]
    fn every_module_says_what_it_owns() {
        for module in modules() {
            assert!(
                module.body.starts_with("// "),
                "{} starts without its header comment",
                module.path
            );
        }
    }
}
