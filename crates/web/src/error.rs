//! The API's errors: an HTTP status and a message, answered as `{"error": "..."}` (with the
//! request's `id` when it carried one), the message the command prints for the same input.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use std::fmt;

/// An answer that is not a result: bad input (400), busy (503), over the time limit (504) or a
/// fault of the server's (500).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    status: StatusCode,
    message: String,
    id: Option<serde_json::Value>,
}

impl ApiError {
    /// Bad input: the message names what and where.
    pub fn bad_input(message: impl fmt::Display) -> ApiError {
        ApiError { status: StatusCode::BAD_REQUEST, message: message.to_string(), id: None }
    }

    /// Every worker busy and the queue full.
    pub fn busy(message: impl fmt::Display) -> ApiError {
        ApiError { status: StatusCode::SERVICE_UNAVAILABLE, message: message.to_string(), id: None }
    }

    /// The question took longer than the server allows.
    pub fn timeout(message: impl fmt::Display) -> ApiError {
        ApiError { status: StatusCode::GATEWAY_TIMEOUT, message: message.to_string(), id: None }
    }

    /// A fault of the server's (a question that panicked): said, and the server goes on.
    pub fn internal(message: impl fmt::Display) -> ApiError {
        ApiError { status: StatusCode::INTERNAL_SERVER_ERROR, message: message.to_string(), id: None }
    }

    /// The HTTP status.
    pub fn status(&self) -> StatusCode {
        self.status
    }

    /// The message.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The error answering a request whose `id` is `id` (haipai-api's `request_id`): the answer
    /// echoes it.
    #[must_use]
    pub fn with_id(mut self, id: Option<serde_json::Value>) -> ApiError {
        self.id = id;
        self
    }

    /// The `id` of the request answered, echoed by the answer.
    pub fn id(&self) -> Option<&serde_json::Value> {
        self.id.as_ref()
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ApiError {}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut answer = serde_json::json!({ "error": self.message });
        haipai_api::echo_id(&mut answer, self.id);
        (self.status, axum::Json(answer)).into_response()
    }
}

/// Any path that is not a page, an asset or an endpoint.
pub async fn not_found(uri: axum::http::Uri) -> ApiError {
    no_route(uri.path())
}

/// Nothing at `path`.
pub fn no_route(path: &str) -> ApiError {
    ApiError { status: StatusCode::NOT_FOUND, message: format!("no page or endpoint at {path}"), id: None }
}
