"""Fuzz every operation of the HUD's OpenAPI document against the real server: schema-shaped bodies,
arbitrary JSON and raw bytes, odd ids and query strings. No answer may be a 5xx, every status must be
one the document lists, and documented JSON answers must match their schema."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jarvisd.hud.openapi import openapi_document

from .conftest import TOKEN, ServedHud

pytestmark = pytest.mark.slow  # a fuzzing run: 60 examples per operation against the app (about 9 s)

DOCUMENT = openapi_document("test")
COMPONENTS = DOCUMENT["components"]["schemas"]
ALWAYS_POSSIBLE = {401, 403, 404, 405, 413}  # guard refusals and routing answers
OPERATIONS = [(path, method, op) for path, item in DOCUMENT["paths"].items() for method, op in item.items()]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12)


def resolve(schema: dict[str, Any]) -> dict[str, Any]:
    ref = schema.get("$ref")
    return COMPONENTS[ref.rsplit("/", 1)[1]] if ref else schema


def from_schema(schema: dict[str, Any]) -> st.SearchStrategy[Any]:
    """Values the schema allows (the subset of JSON Schema the document uses)."""
    schema = resolve(schema)
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    kind = schema.get("type")
    if isinstance(kind, list):
        return st.one_of(*(from_schema({**schema, "type": k}) for k in kind))
    if kind == "string":
        return st.text(min_size=schema.get("minLength", 0), max_size=min(schema.get("maxLength", 60), 60))
    if kind == "boolean":
        return st.booleans()
    if kind == "null":
        return st.none()
    if kind == "object":
        props = schema.get("properties", {})
        required = set(schema.get("required", ()))
        return st.fixed_dictionaries({k: from_schema(v) for k, v in props.items() if k in required},
                                     optional={k: from_schema(v) for k, v in props.items() if k not in required})
    return json_values


def violations(value: Any, schema: dict[str, Any], where: str = "$") -> list[str]:
    schema = resolve(schema)
    problems: list[str] = []
    if "enum" in schema and value not in schema["enum"]:
        problems.append(f"{where}: {value!r} not in {schema['enum']}")
    kinds = schema.get("type")
    kinds = [kinds] if isinstance(kinds, str) else kinds
    python = {"string": str, "boolean": bool, "integer": int, "object": dict, "array": list, "null": type(None)}
    if kinds and not any(isinstance(value, python[k]) for k in kinds):
        return [*problems, f"{where}: {type(value).__name__} is not {kinds}"]
    if isinstance(value, dict):
        problems += [f"{where}: missing {k}" for k in schema.get("required", ()) if k not in value]
        for key, sub in schema.get("properties", {}).items():
            if key in value:
                problems += violations(value[key], sub, f"{where}.{key}")
        extra = schema.get("additionalProperties")
        if isinstance(extra, dict):
            for key, item in value.items():
                problems += violations(item, extra, f"{where}.{key}")
    if isinstance(value, list) and "items" in schema:
        for i, item in enumerate(value):
            problems += violations(item, schema["items"], f"{where}[{i}]")
    return problems


def body_strategy(op: dict[str, Any]) -> st.SearchStrategy[bytes | None]:
    if "requestBody" not in op:
        return st.none()
    schema = op["requestBody"]["content"]["application/json"]["schema"]
    import json

    encode = lambda value: json.dumps(value).encode()  # noqa: E731
    return st.one_of(from_schema(schema).map(encode), json_values.map(encode), st.binary(max_size=64))


@pytest.fixture(scope="module")
def loop_ids(served: ServedHud) -> list[str]:
    service = served.hud.service
    ids = [service.add(desc).id for desc in ("send the report", "book the dentist", "call mom")]
    service.done(ids[1])
    old = service.add("pay the invoice", due_ms=0)
    service.expire()
    return [*ids, old.id, ids[0][:8], ids[0][:2]]


@pytest.mark.parametrize(("path", "method", "op"), OPERATIONS, ids=[f"{m.upper()} {p}" for p, m, _ in OPERATIONS])
def test_no_operation_answers_5xx_or_off_the_document(served: ServedHud, loop_ids, path, method, op):
    documented = {int(code) for code in op["responses"]} | ALWAYS_POSSIBLE
    ids = st.one_of(st.sampled_from(loop_ids), st.text(min_size=1, max_size=40))
    queries = st.dictionaries(st.sampled_from(["token", "q", "status", "x"]), st.text(max_size=10), max_size=2)

    with httpx.Client(base_url=served.url, timeout=10, headers={"Authorization": f"Bearer {TOKEN}"}) as client:

        @settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
        @given(body=body_strategy(op), loop_id=ids, query=queries)
        def check(body: bytes | None, loop_id: str, query: dict[str, str]) -> None:
            url = path.replace("{loop_id}", quote(loop_id, safe="")).replace("{session}", quote(loop_id, safe=""))
            headers = {"Content-Type": "application/json"} if body is not None else {}
            with client.stream(method.upper(), url, content=body, params=query, headers=headers) as response:
                status = response.status_code
                assert status < 500, (method, url, body)
                assert status in documented, (status, method, url, body)
                if path == "/api/events":
                    return  # an endless stream: the status line is the answer
                response.read()
            spec = op["responses"].get(str(status), {}).get("content", {}).get("application/json")
            if spec is not None:
                assert violations(response.json(), spec["schema"]) == [], (method, url, body)

        check()
