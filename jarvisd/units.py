"""Units converted aloud: "what's 5 miles in kilometers", "convert 70 fahrenheit to celsius", "how many ounces in a
pound", "how many cups are in a liter". Pure: the spoken answer, or None.

Before (the forty-fifth session) these went to the chat model; on the offline default SmolLM2 answered "what's 5
miles in kilometers" with "1.5 miles" and "how many ounces in a pound" with a gram figure. A wrong number said with
confidence is worse than none, and the factors are fixed: length, mass, volume (US cooking measures) and temperature.
"""

from __future__ import annotations

import re

from jarvisd.arithmetic import spoken_number
from jarvisd.openloop.hangul import closed

# each unit: (its kind, its size in the kind's base unit: metres, grams, millilitres); temperature is apart
_UNITS: dict[str, tuple[str, float]] = {}
for names, kind, size in (
    ("km kms kilometer kilometers kilometre kilometres", "length", 1000.0),
    ("m meter meters metre metres", "length", 1.0),
    ("cm centimeter centimeters centimetre centimetres", "length", 0.01),
    ("mm millimeter millimeters millimetre millimetres", "length", 0.001),
    ("mi mile miles", "length", 1609.344),
    ("yd yard yards", "length", 0.9144),
    ("ft foot feet", "length", 0.3048),
    ("in inch inches", "length", 0.0254),
    ("kg kgs kilo kilos kilogram kilograms kilogramme kilogrammes", "mass", 1000.0),
    ("g gram grams gramme grammes", "mass", 1.0),
    ("lb lbs pound pounds", "mass", 453.59237),
    ("oz ounce ounces", "mass", 28.349523125),
    ("st stone stones", "mass", 6350.29318),
    ("l liter liters litre litres", "volume", 1000.0),
    ("ml milliliter milliliters millilitre millilitres", "volume", 1.0),
    ("gal gallon gallons", "volume", 3785.411784),
    ("qt quart quarts", "volume", 946.352946),
    ("pt pint pints", "volume", 473.176473),
    ("cup cups", "volume", 236.5882365),
    ("tbsp tablespoon tablespoons", "volume", 14.78676478125),
    ("tsp teaspoon teaspoons", "volume", 4.92892159375),
    ("floz fluid-ounce fluid-ounces", "volume", 29.5735295625),
    # "how many minutes in a day?" (the forty-seventh session: SmolLM2 said 192); months and years vary, so not kept
    ("s sec secs second seconds", "time", 1.0),
    ("min mins minute minutes", "time", 60.0),
    ("h hr hrs hour hours", "time", 3600.0),
    ("day days", "time", 86400.0),
    ("wk wks week weeks", "time", 604800.0),
):
    for name in names.split():
        _UNITS[name] = (kind, size)
_TEMPERATURE = {"c": "c", "celsius": "c", "centigrade": "c", "f": "f", "fahrenheit": "f"}
_SINGULAR = {"feet": "foot", "inches": "inch", "miles": "mile", "kilometers": "kilometer", "kilometres": "kilometre",
             "meters": "meter", "metres": "metre", "pounds": "pound", "ounces": "ounce", "grams": "gram",
             "kilograms": "kilogram", "liters": "liter", "litres": "litre", "cups": "cup", "gallons": "gallon",
             "tablespoons": "tablespoon", "teaspoons": "teaspoon", "yards": "yard", "centimeters": "centimeter",
             "centimetres": "centimetre", "millimeters": "millimeter", "milliliters": "milliliter", "quarts": "quart",
             "pints": "pint", "kilos": "kilo", "stones": "stone"}
_LARGEST = 1e15   # an amount from here up (or inf) is not read out: its answer would be tens of digits long
# "5,000 miles", "5,000킬로미터": a comma before three digits groups thousands; "5,5" is a decimal comma (before, "convert
# 5,000 miles to km" was "5 miles is 8.05 kilometers", and "1,000,000" no conversion at all)
_DIGITS = r"(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:[.,]\d+)?)"


def _amount(number: str) -> float:
    """The number said: "5,000" -> 5000.0, "5,5" -> 5.5, "1,234.5" -> 1234.5."""
    if re.fullmatch(r"-?\d{1,3}(?:,\d{3})+(?:\.\d+)?", number):
        return float(number.replace(",", ""))
    return float(number.replace(",", "."))


_NUMBER = r"(?P<n>-?" + _DIGITS + r"|an?|one)"
_UNIT = r"(?:degrees?\s+)?(?:fluid\s+ounces?|[a-z]+(?:-[a-z]+)?)"
_LEAD = r"(?:(?:so|and|ok|okay|hey\s+jarvis|jarvis)[\s,]+)?(?:what(?:'s|\s+is|\s+are)\s+|convert\s+|how\s+much\s+is\s+)?"
_EN_CONVERT = re.compile(_LEAD + _NUMBER + rf"\s*(?P<a>{_UNIT})\s+(?:in|to|into|as)\s+(?P<b>{_UNIT})")
_EN_HOW_MANY = re.compile(r"(?:(?:so|and|ok|okay)[\s,]+)?how\s+many\s+(?P<b>" + _UNIT + r")\s+(?:are\s+|is\s+)?(?:there\s+|it\s+)?"
                          r"(?:in\s+|to\s+|(?=an?\s))(?:a\s+|an\s+|one\s+|" + r"(?P<n>" + _DIGITS + r")\s*)?(?P<a>" + _UNIT + ")")


# Korean: "5킬로미터는 몇 마일이야?", "1파운드는 몇 그램이야?", "하루는 몇 분이야?", "화씨 100도는 섭씨 몇 도야?" (the
# forty-seventh session: SmolLM2 wrote "1. 5킬로미터는 몇마일이야? 2.")
_KO_UNITS = {"킬로미터": "km", "킬로": "km", "미터": "m", "센티미터": "cm", "센티": "cm", "밀리미터": "mm", "마일": "mi",
             "야드": "yd", "피트": "ft", "인치": "in", "킬로그램": "kg", "그램": "g", "파운드": "lb", "온스": "oz",
             "리터": "l", "밀리리터": "ml", "갤런": "gal", "컵": "cup", "초": "s", "분": "min", "시간": "h", "일": "day",
             "주": "wk"}
_KO_UNIT = "|".join(sorted(_KO_UNITS, key=len, reverse=True))
_KO_CONVERT = re.compile(rf"(?:(?P<n>{_DIGITS})\s*(?P<a>{_KO_UNIT})|(?P<day>하루|한\s*시간|일주일|1주일))\s*(?:은|는|이|가)?\s*"
                         rf"몇\s*(?P<b>{_KO_UNIT})(?:야|예요|이에요|이야|인가요|지|일까|쯤이야)?")
_KO_TEMPERATURE = re.compile(r"(?P<a>화씨|섭씨)\s*(?P<n>-?" + _DIGITS + r")\s*도\s*(?:은|는|이|가)?\s*(?P<b>화씨|섭씨)\s*(?:로\s*)?몇\s*도(?:야|예요|이에요|이야|인가요|지)?")
_KO_NAMED = {v: k for k, v in _KO_UNITS.items() if k not in ("킬로", "센티")}


def _korean(said: str) -> str | None:
    """"5킬로미터는 3.11마일이에요." for a Korean conversion asked, else None."""
    if m := _KO_TEMPERATURE.fullmatch(said):
        amount = _amount(m["n"])
        a, b = ("f" if m["a"] == "화씨" else "c"), ("f" if m["b"] == "화씨" else "c")
        if a == b or not abs(amount) < _LARGEST:
            return None
        value = (amount - 32) * 5 / 9 if a == "f" else amount * 9 / 5 + 32
        return f"{m['a']} {spoken_number(amount)}도는 {m['b']} {_rounded(value)}도예요."
    m = _KO_CONVERT.fullmatch(said)
    if m is None:
        return None
    if m["day"]:
        amount, a = 1.0, {"하루": "day", "일주일": "wk", "1주일": "wk"}.get(m["day"].replace(" ", ""), "h")
    else:
        amount, a = _amount(m["n"]), _KO_UNITS[m["a"]]
    b = _KO_UNITS[m["b"]]
    if m["a"] == "킬로" and _UNITS[b][0] == "mass":   # "5킬로는 몇 파운드야": 킬로 is kilograms by a weight
        a = "kg"
    if not abs(amount) < _LARGEST or a == b or _UNITS[a][0] != _UNITS[b][0]:
        return None
    value = amount * _UNITS[a][1] / _UNITS[b][1]
    what = m["day"] or f"{spoken_number(amount)}{_KO_NAMED[a]}"
    said_value = f"{_rounded(value)}{_KO_NAMED[b]}"
    return f"{what}{'은' if closed(what) else '는'} {said_value}{'이에요' if closed(said_value) else '예요'}."


def answer(text: str) -> str | None:
    """"5 miles is 8.05 kilometers." for a conversion asked, else None."""
    if re.search(r"[가-힣]", text):
        return _korean(" ".join(text.split()).rstrip("?.!？ "))
    said = " ".join(text.casefold().replace("fluid ounce", "fluid-ounce").split()).rstrip("?.! ")
    m = _EN_CONVERT.fullmatch(said) or _EN_HOW_MANY.fullmatch(said)
    if m is None:
        return None
    number = m["n"] or "1"
    amount = 1.0 if number in ("a", "an", "one") else _amount(number)
    if not abs(amount) < _LARGEST:   # 320 nines read as inf ("inf miles is inf kilometers"), 300 said digit by digit
        return "That number is too large to convert."
    a, b = _unit_word(m["a"]), _unit_word(m["b"])
    if a in _TEMPERATURE and b in _TEMPERATURE:
        return _temperature(amount, _TEMPERATURE[a], _TEMPERATURE[b])
    if a not in _UNITS or b not in _UNITS or _UNITS[a][0] != _UNITS[b][0] or a == b:
        return None
    value = amount * _UNITS[a][1] / _UNITS[b][1]
    return f"{spoken_number(amount)} {_named(a, amount)} is {_rounded(value)} {_named(b, value)}."


def _unit_word(word: str) -> str:
    return re.sub(r"^degrees?\s+", "", word.strip())


def _named(unit: str, amount: float) -> str:
    """The unit said in full, singular for exactly one ("1 mile", "2.5 miles", "8.05 kilometers")."""
    full = {"km": "kilometers", "kms": "kilometers", "m": "meters", "cm": "centimeters", "mm": "millimeters",
            "mi": "miles", "yd": "yards", "ft": "feet", "in": "inches", "kg": "kilograms", "kgs": "kilograms",
            "g": "grams", "lb": "pounds", "lbs": "pounds", "oz": "ounces", "st": "stone", "l": "liters",
            "ml": "milliliters", "gal": "gallons", "qt": "quarts", "pt": "pints", "tbsp": "tablespoons",
            "tsp": "teaspoons", "floz": "fluid ounces", "fluid-ounce": "fluid ounces",
            "fluid-ounces": "fluid ounces", "s": "seconds", "sec": "seconds", "secs": "seconds", "min": "minutes",
            "mins": "minutes", "h": "hours", "hr": "hours", "hrs": "hours", "wk": "weeks", "wks": "weeks"}.get(unit, unit)
    if abs(amount - 1) < 1e-9:
        return "fluid ounce" if full == "fluid ounces" else _SINGULAR.get(full, full)
    plural = {v: k for k, v in _SINGULAR.items()}
    return plural.get(full, full)


def _rounded(value: float) -> str:
    """Two decimals under 100, one under 1000, none above; at least three significant figures for small values."""
    if value == 0:
        return "0"
    if abs(value) < 1:
        return f"{value:.3g}"
    places = 2 if abs(value) < 100 else 1 if abs(value) < 1000 else 0
    text = f"{value:,.{places}f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def _temperature(amount: float, a: str, b: str) -> str | None:
    if a == b:
        return None
    value = (amount - 32) * 5 / 9 if a == "f" else amount * 9 / 5 + 32
    names = {"c": "Celsius", "f": "Fahrenheit"}
    return f"{spoken_number(amount)} degrees {names[a]} is {_rounded(value)} degrees {names[b]}."
