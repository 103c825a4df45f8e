"""Schemathesis checks for scripts/fuzz.sh: every API error answers in Whisk's JSON envelope."""

import schemathesis


@schemathesis.check
def error_envelope(ctx, response, case):
    """A 4xx or 5xx answer is {"error": {"status", "code", "message"}} with the same status,
    and a 5xx says nothing about its cause."""
    status = response.status_code
    if status < 400:
        return
    try:
        body = response.json()
    except Exception as error:  # noqa: BLE001 - any parse failure is the finding
        raise AssertionError(f"{status} answer is not JSON: {response.text[:200]!r}") from error
    error = body.get("error") if isinstance(body, dict) else None
    if not isinstance(error, dict):
        raise AssertionError(f"{status} answer has no error envelope: {body!r}"[:300])
    if error.get("status") != status:
        raise AssertionError(f"envelope status {error.get('status')!r} differs from the HTTP status {status}")
    for key in ("code", "message"):
        if not isinstance(error.get(key), str) or not error[key]:
            raise AssertionError(f"envelope lacks a {key}: {error!r}"[:300])
    if status >= 500 and error["message"] not in (
        "Something went wrong",
        "The service is temporarily unavailable",
    ) and not error["message"].startswith("The shop is very busy"):
        raise AssertionError(f"a {status} tells more than it should: {error['message']!r}"[:300])
