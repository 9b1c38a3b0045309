"""The framework's own refusals in words a client can act on: a request body that is not
JSON (where and why), a missing body, JSON sent without its content type, a path that does
not exist, a method a path does not take.  Every answer names what was wrong and never
echoes the input itself (it may be huge, or not even encodable)."""

from __future__ import annotations

from typing import Any

from starlette.routing import Match
from starlette.types import Scope

from ..core.errors import shown
from .protocol import json_kind

OBJECT_TYPES = {"model_attributes_type", "dict_type", "model_type"}
"""Validation error types meaning "this should have been a JSON object"."""


EXPECTED = {"int_type": "a whole number", "bool_type": "true or false",
            "string_type": "text (a JSON string)", "list_type": "a list",
            "dict_type": "an object", "model_type": "an object", "float_type": "a number"}
"""What a field takes, by the validation error that says a value had another type."""


def _safe(value: Any, n: int = 40) -> str:
    """Short, and encodable whatever was sent (field names come from the request too)."""
    return str(value)[:n].encode("utf-8", "replace").decode("utf-8")


def _said(error: dict[str, Any], content_type: str, fields: list[str] | None = None) -> str:
    """One validation error as a sentence: where, then what (``fields``: those the
    request's body takes, named when it has another)."""
    loc = tuple(error.get("loc", ()))
    kind = error.get("type", "")
    if kind == "json_invalid":
        why = _safe((error.get("ctx") or {}).get("error", "it cannot be parsed"), 120)
        at = f" at character {loc[1]}" if len(loc) > 1 and isinstance(loc[1], int) else ""
        return f"the request body is not valid JSON: {why}{at}"
    if loc == ("body",) and kind == "missing":
        return ("the request has no body: send a JSON object (Content-Type: "
                "application/json); /docs lists its fields")
    if loc == ("body",) and kind in OBJECT_TYPES:
        if "json" not in content_type.lower():
            sent = f"'{_safe(content_type, 60)}'" if content_type else "no content type"
            return ("the request body must be a JSON object sent with 'Content-Type: "
                    f"application/json' (this one came with {sent})")
        return "the request body must be a JSON object; /docs lists its fields"
    where = ".".join(_safe(x) for x in loc if x != "body") or "the request"
    if kind in EXPECTED and "input" in error:  # strict: "2" is not 2, "yes" not true
        return f"{where}: must be {EXPECTED[kind]}, got {json_kind(error['input'])}"
    if kind == "extra_forbidden":
        if len([x for x in loc if x != "body"]) != 1:  # in a nested object (a seat)
            return f"{where}: there is no such field there; /docs lists the fields"
        takes = f"; it takes {', '.join(fields)}" if fields else "; /docs lists its fields"
        hint = " (a game's options go in 'options')" if fields and "options" in fields else ""
        return f"{where}: this request has no such field{takes}{hint}"
    return f"{where}: {_safe(error.get('msg', 'not accepted'), 200)}"


def validation_problem(errors: list[dict[str, Any]], content_type: str = "",
                       fields: list[str] | None = None) -> dict[str, Any]:
    """The ``detail`` of a 400 for a request the framework could not validate: a message
    for people and, for programs, where and what (at most five errors).  ``fields``: the
    fields of the request's body (an unknown field's refusal lists them)."""
    errors = errors[:5]
    brief = [{"loc": [_safe(x) for x in e.get("loc", ())], "msg": _safe(e.get("msg", ""), 200),
              "type": e.get("type", "")} for e in errors]
    return {"code": "bad-request",
            "message": "; ".join(_said(e, content_type, fields) for e in errors),
            "errors": brief}


def framework_message(status: int, message: str, method: str, path: str,
                      allow: str | None = None) -> str:
    """The framework's own words for an HTTP error, made specific where they are bare."""
    if message == "There was an error parsing the body":
        return ("the request body could not be read as JSON (not UTF-8, a number of over "
                "4,300 digits, or nested too deeply)")
    if status == 404 and message == "Not Found":
        return (f"there is nothing at {shown(path, 60)}: the pages are / and /t/<table>, "
                "the API is under /api (listed at /docs)")
    if status == 405 and message == "Method Not Allowed":
        return f"{_safe(method, 10)} is not accepted at {shown(path, 60)}" + (
            f"; it takes {allow}" if allow else "")
    return message


def body_fields(scope: Scope) -> list[str] | None:
    """The fields of the JSON object the matched route's body takes (None: no such body,
    or several)."""
    field = getattr(scope.get("route"), "body_field", None)
    model = getattr(getattr(field, "field_info", None), "annotation", None)
    for kind in getattr(model, "__args__", None) or (model,):  # ``Model | None`` too
        if isinstance(kind, type) and hasattr(kind, "model_fields"):
            return list(kind.model_fields)
    return None


def allowed_methods(routes: list[Any], scope: Scope) -> str | None:
    """The methods every route at the request's path takes (the framework's own ``Allow``
    names the first such route's only), or None if no route has this path."""
    methods: set[str] = set()
    for route in routes:
        if getattr(route, "methods", None) and route.matches(scope)[0] != Match.NONE:
            methods |= set(route.methods)
    return ", ".join(sorted(methods - {"HEAD"})) or None
