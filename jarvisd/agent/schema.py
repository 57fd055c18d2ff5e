"""A small JSON-Schema check for tool arguments: the subset our tool schemas use.

Supported: type (one or a list), properties, required, additionalProperties (false or a schema), items,
enum, minimum, maximum, minLength, maxLength, minItems, maxItems. Anything else is ignored. Every
problem is one short sentence with the path, written for the model to fix its call.
"""

from __future__ import annotations

from typing import Any

_TYPES: dict[str, tuple[type, ...]] = {
    "object": (dict,), "array": (list,), "string": (str,), "boolean": (bool,),
    "integer": (int,), "number": (int, float), "null": (type(None),),
}


def _is_type(value: Any, name: str) -> bool:
    if name in ("integer", "number") and isinstance(value, bool):
        return False
    if name == "integer" and isinstance(value, float):
        return value.is_integer()
    return isinstance(value, _TYPES.get(name, (object,)))


def _where(path: str) -> str:
    return f"'{path}'" if path else "the arguments"


def schema_errors(value: Any, schema: dict[str, Any], path: str = "") -> list[str]:
    """Problems of `value` against `schema`; an empty list means it fits."""
    errors: list[str] = []
    expected = schema.get("type")
    if expected is not None:
        names = expected if isinstance(expected, list) else [expected]
        if not any(_is_type(value, n) for n in names):
            return [f"{_where(path)} must be {' or '.join(names)} (got {type(value).__name__})"]
    if "enum" in schema and value not in schema["enum"]:
        errors.append(f"{_where(path)} must be one of {schema['enum']}")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if "minimum" in schema and value < schema["minimum"]:
            errors.append(f"{_where(path)} must be >= {schema['minimum']}")
        if "maximum" in schema and value > schema["maximum"]:
            errors.append(f"{_where(path)} must be <= {schema['maximum']}")
    if isinstance(value, str):
        if len(value) < schema.get("minLength", 0):
            errors.append(f"{_where(path)} must have at least {schema['minLength']} characters")
        if "maxLength" in schema and len(value) > schema["maxLength"]:
            errors.append(f"{_where(path)} must have at most {schema['maxLength']} characters")
    if isinstance(value, list):
        if len(value) < schema.get("minItems", 0):
            errors.append(f"{_where(path)} must have at least {schema['minItems']} items")
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            errors.append(f"{_where(path)} must have at most {schema['maxItems']} items")
        if isinstance(schema.get("items"), dict):
            for i, item in enumerate(value):
                errors.extend(schema_errors(item, schema["items"], f"{path}[{i}]"))
    if isinstance(value, dict):
        props: dict[str, Any] = schema.get("properties", {})
        for name in schema.get("required", []):
            if name not in value:
                errors.append(f"'{path + '.' if path else ''}{name}' is required")
        extra = schema.get("additionalProperties", True)
        for key, item in value.items():
            sub = f"{path}.{key}" if path else key
            if key in props:
                errors.extend(schema_errors(item, props[key], sub))
            elif extra is False:
                errors.append(f"'{sub}' is not a known parameter (known: {', '.join(props) or 'none'})")
            elif isinstance(extra, dict):
                errors.extend(schema_errors(item, extra, sub))
    return errors


def with_defaults(arguments: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    """Top-level defaults filled in, so tools receive every optional parameter."""
    filled = dict(arguments)
    for name, prop in schema.get("properties", {}).items():
        if name not in filled and isinstance(prop, dict) and "default" in prop:
            filled[name] = prop["default"]
    return filled
