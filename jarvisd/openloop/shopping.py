"""The shopping list, kept on the agenda: "add milk and eggs to my shopping list", "put bread on the grocery list",
"장보기 목록에 우유 추가해 줘"; "what's on my shopping list?", "what do I need to buy?", "뭐 사야 돼?". Pure: the items
asked to add, whether the list is asked for, and which promises are on it.

Before (the forty-fifth session) "add milk to my shopping list" went to the model: on the offline default SmolLM2
answered "add milk to your shopping list." and kept nothing, and "what's on my shopping list?" got a paragraph
about personal data. A thing to buy is a promise like any other ("I need to buy milk" already kept "buy milk", and
"I bought milk" closes it), so the list is the open promises whose deed is buying ("buy milk", "우유 사기"), one per
item, and nothing new to store.
"""

from __future__ import annotations

import re

_EN_LIST_NAME = r"(?:my|the|our)\s+(?:shopping|grocery|groceries|supermarket|store)\s+list"
_EN_ADD = re.compile(r"(?:(?:please|can\s+you|could\s+you|jarvis)[\s,]+)*(?:add|put|stick|throw|pop|write|jot\s+down)\s+"
                     rf"(?P<x>.+?)\s+(?:to|on|onto|in|down\s+on)\s+{_EN_LIST_NAME}(?:\s+please)?")
# (and the English name said in Korean: "shopping list에 우유랑 계란 추가해 줘", the sixty-second session: to SmolLM2)
_KO_LIST_NAME = r"(?:(?:장보기|장\s*볼\s*거|쇼핑|구매|살\s*거)\s*(?:목록|리스트)|(?i:shopping|grocery)\s*(?i:list))"
_KO_ADD = re.compile(rf"{_KO_LIST_NAME}\s*에\s*(?P<x>.+?)\s*(?:을|를)?\s*(?:좀\s*)?(?:추가해|넣어|적어|올려)\s*(?:줘|주세요|줄래|놔)?"
                     # "장보기 목록에 우유 달걀 추가" (the sixty-second session: to SmolLM2), said as a note
                     r"|" + _KO_LIST_NAME + r"\s*에\s*(?P<y>.+?)\s*(?:을|를)?\s*추가(?:요|해요|하기)?")
# "what's still on the shopping list?", "what's left on the grocery list?" (the fifty-first session: SmolLM2, "the one
# that's been on it for a long time")
_EN_ASKED = re.compile(r"(?:so\s+|and\s+|ok(?:ay)?\s+)?(?:what(?:'s|\s+is|\s+are)\s+(?:still\s+|left\s+|else\s+)?(?:on|in)\s+"
                       + _EN_LIST_NAME + r"(?:\s+(?:now|still))?|(?:is\s+there\s+)?anything\s+(?:else\s+|still\s+|left\s+)*(?:on|in)\s+"
                       + _EN_LIST_NAME +
                       r"|(?:read|show|tell|give)\s+me\s+" + _EN_LIST_NAME +
                       r"|what\s+(?:do|should)\s+(?:i|we)\s+(?:need\s+to\s+|have\s+to\s+)?(?:buy|get|pick\s+up)"
                       r"(?:\s+(?:at|from)\s+the\s+(?:store|shop|shops|supermarket|market))?|" + _EN_LIST_NAME +
                       # "what do I need from the store?", "what groceries do we need?" (the sixtieth session: SmolLM2's
                       # "I'm so sorry to hear about your family's loss.")
                       r"|what\s+(?:do|should)\s+(?:i|we)\s+need\s+(?:from|at)\s+the\s+(?:grocery\s+)?(?:store|shop|shops|supermarket|market)"
                       r"|what\s+groceries\s+do\s+(?:i|we)\s+(?:still\s+)?need(?:\s+to\s+(?:buy|get))?)")
_KO_ASKED = re.compile(rf"{_KO_LIST_NAME}\s*(?:에)?\s*(?:뭐|뭐가)?\s*(?:있어|있어요|있지|있나|알려\s*줘|보여\s*줘|읽어\s*줘)?|"
                       r"(?:뭐|뭘)\s*사야\s*(?:돼|해|하지|되지|돼요|해요)|살\s*(?:거|것)\s*(?:뭐|뭐가)\s*(?:있어|있지|남았어)|"
                       # "장보기 목록 뭐야?", "장 볼 거 뭐였지?" (the fifty-sixth session: to the model, "장보기 목록 문서에에섚에 …")
                       rf"(?:{_KO_LIST_NAME}|장\s*볼\s*(?:거|것)|살\s*(?:거|것))\s*(?:은|는|이|가)?\s*"
                       r"(?:뭐야|뭐예요|뭐에요|뭐지|뭐였지|뭐였더라|뭐였어|뭐더라|뭐 남았어|좀\s*(?:알려|보여|읽어)\s*(?:줘|주세요)|(?:알려|보여|읽어)\s*주세요)")
_SPLIT = re.compile(r"\s*(?:,|\band\b|&|\bplus\b)\s*|\s*(?:이랑|랑|하고|와|과)\s+|\s*,\s*")
# a thing named with "and" is one item ("mac and cheese", "fish and chips"; pass 55c: "I need to buy mac and cheese" was
# kept as "buy mac" and "buy cheese", and "I bought cheese" closed half of it); "salt and pepper" stays two
_ONE_THING = re.compile(r"\b(?:mac(?:aroni)?\s+and\s+cheese|fish\s+and\s+chips|half\s+and\s+half|salt\s+and\s+vinegar|"
                        r"sweet\s+and\s+sour|cookies\s+and\s+cream|peanut\s+butter\s+and\s+jelly|pb\s*(?:and|&)\s*j|"
                        r"spaghetti\s+and\s+meatballs|ham\s+and\s+cheese|pork\s+and\s+beans|franks\s+and\s+beans|"
                        r"surf\s+and\s+turf)\b", re.IGNORECASE)



# "buy milk eggs and bread" (typed, or heard without the pauses Whisper writes as commas; the sixty-first session: kept
# "milk eggs" and "bread", and "I bought the milk" marked "buy milk eggs" done): words that each name a whole thing
# to buy and are rarely a part of another's name; a run of only these is a list. Not "chicken", "apple", "orange",
# "ice", "cream", "peanut", "tomato": they name other things ("chicken soup", "apple juice")
_STAPLES = frozenset(
    "milk eggs bread butter cheese yogurt yoghurt cereal oatmeal oats rice pasta noodles flour sugar salt pepper coffee tea "
    "juice water soda beer wine bacon ham sausages steak fish shrimp tofu beans lentils apples bananas oranges grapes "
    "lemons limes strawberries blueberries raspberries berries avocados tomatoes potatoes onions garlic carrots "
    "lettuce spinach broccoli cucumbers peppers mushrooms celery corn peas zucchini cabbage kale ginger cookies "
    "crackers chips nuts almonds popcorn honey jam ketchup mustard mayo mayonnaise vinegar soap shampoo conditioner "
    "toothpaste detergent diapers wipes formula napkins batteries sponges foil tortillas bagels muffins "
    "croissants granola hummus salsa salmon tuna chocolate candy".split())
# ... in Korean ("장보기 목록에 우유 달걀 추가", the sixty-second session: one item "우유 달걀")
_KO_STAPLES = frozenset("우유 달걀 계란 빵 식빵 쌀 라면 두부 버터 치즈 요거트 요구르트 커피 휴지 물티슈 기저귀 세제 주스 "
                        "사과 바나나 양파 마늘 대파 감자 당근 배추 김치 햄 참치 김 소금 설탕 간장 된장 고추장 생수".split())
# pairs of them that name one thing
_STAPLE_PAIRS = frozenset({"milk chocolate", "rice noodles", "coffee beans", "salt water", "fish sauce", "corn chips",
                           "tea cookies", "honey mustard", "rice wine", "bread crumbs", "butter beans", "water crackers"})


def _staples(part: str) -> list[str]:
    """"milk eggs" -> ["milk", "eggs"]: a run of two to eight staples with no pair naming one thing, else [part]."""
    words = part.split()
    if 2 <= len(words) <= 8 and all(w in _KO_STAPLES for w in words):
        return words                   # "우유 달걀": 우유, 달걀
    if not 2 <= len(words) <= 8 or any(w.lower() not in _STAPLES for w in words) or \
            any(f"{a} {b}".lower() in _STAPLE_PAIRS for a, b in zip(words, words[1:], strict=False)):
        return [part]
    return words


_BARE_LIST = re.compile(r"(?:(?:and|oh|um+|uh+|so|also|plus)[\s,]+){0,3}(?P<items>[a-z]+(?:(?:\s*,\s*|\s+and\s+|\s+)[a-z]+){1,7})"
                        r"(?:\s+(?:too|as\s+well))?[\s.!]*", re.IGNORECASE)


def bare_list(text: str) -> str | None:
    """"milk eggs bread and bananas" said alone (the sixty-second session's family, after "get groceries": SmolLM2, "Milk,
    eggs, bread, and bananas are all the same thing"): the order to buy them ("buy milk eggs bread and bananas"), when
    every word is a staple and there are two or more; else None."""
    m = _BARE_LIST.fullmatch(text.strip())
    if m is None:
        return None
    words = [w for w in re.split(r"[\s,]+", m["items"]) if w and w.lower() != "and"]
    if len(words) < 2 or any(w.lower() not in _STAPLES for w in words):
        return None
    return f"buy {m['items']}"


def _parts(items: str) -> list[str]:
    """`items` split where a list is ("milk, eggs and bread", "milk eggs and bread"), never inside one thing named
    with "and"."""
    joined = _ONE_THING.sub(lambda m: m.group(0).replace("and", "\ue000").replace("&", "\ue001"), items)
    return [each for part in _SPLIT.split(joined) for each in _staples(part.replace("\ue000", "and").replace("\ue001", "&"))]

# "a bag of rice" keeps its "a"; "diapers and wipes and also formula" (the sixtieth session: kept "buy also formula")
_EN_ARTICLE = re.compile(r"^(?:also\s+|then\s+|maybe\s+)?(?:(?:a\s+few|a\s+couple\s+of|some|the|more|our|my)\s+)?")
_KO_ARTICLE = re.compile(r"^(?:좀)\s*")


# "I'm out of milk", "we ran out of eggs and coffee", "we're almost out of rice" (daemon run 74: Whisper's "I'm out of
# the milk" went to SmolLM2, "I'm sorry, I'm sorry"): the things to buy, added to the list
_EN_OUT_OF = re.compile(r"(?:(?:oh|so|and|also|jarvis|hey)[\s,]+)*(?:i'm|i\s+am|we're|we\s+are|i've|we've|i|we)\s+(?:all\s+|almost\s+|nearly\s+|just\s+)?"
                        r"(?:run\s+|ran\s+|running\s+)?out\s+of\s+(?P<x>[\w' ,&-]{2,80}?)(?:\s+(?:again|now|already))?")


# what one is out of that is not bought: "out of time", "out of the office tomorrow", "out of my mind"
_NOT_BOUGHT = re.compile(r"\b(?:time|office|town|breath|luck|here|there|ideas?|money|cash|battery|space|order|options?|patience|"
                         r"energy|control|sight|reach|shape|work|mind|it|this|that|words|excuses|questions|the\s+house|"
                         r"today|tomorrow|tonight|morning|afternoon|evening|week|weekend|monday|tuesday|wednesday|"
                         r"thursday|friday|saturday|sunday)\b")


def items_added(cleaned: str) -> tuple[list[str], str] | None:
    """The items "add milk and eggs to my shopping list" asks to add, and the language; None when not asked."""
    m = _EN_ADD.fullmatch(cleaned)
    if m is None and (out := _EN_OUT_OF.fullmatch(cleaned)) is not None and not _NOT_BOUGHT.search(out["x"]):
        m = out
    lang = "en"
    if m is None:
        m = _KO_ADD.fullmatch(cleaned) if re.search(r"[가-힣]", cleaned) else None
        lang = "ko"
    if m is None:
        return None
    items = [_EN_ARTICLE.sub("", item.strip(" .,")) if lang == "en" else _KO_ARTICLE.sub("", item.strip(" .,"))
             for item in _parts(m["x"] if lang == "en" else m["x"] or m["y"])]
    items = [item for item in dict.fromkeys(items) if item and len(item) <= 60]
    return (items, lang) if items and len(items) <= 50 else None


def list_asked(cleaned: str) -> bool:
    """"What's on my shopping list?", "what do I need to buy?", "장보기 목록 뭐 있어?", "뭐 사야 돼?"."""
    text = cleaned.rstrip("?？ ")
    return bool(_EN_ASKED.fullmatch(text) or (re.search(r"[가-힣]", text) and _KO_ASKED.fullmatch(text)))


# "clear my shopping list", "delete everything on the shopping list", "장보기 목록 비워 줘" (the forty-seventh session: to
# the model, and the "yes" after it too)
_EN_CLEAR = re.compile(r"(?:(?:please|can\s+you|could\s+you|jarvis)[\s,]+)*(?:(?:clear|empty|wipe|reset)(?:\s+out)?\s+" + _EN_LIST_NAME +
                       r"|(?:delete|remove|cancel|clear)\s+(?:everything|all(?:\s+the\s+items)?)\s+(?:on|from)\s+" + _EN_LIST_NAME + r")")
_KO_CLEAR = re.compile(rf"{_KO_LIST_NAME}\s*(?:을|를|에\s*있는\s*거)?\s*(?:다|전부|모두|싹)?\s*(?:비워|지워|삭제해|초기화해)\s*(?:줘|주세요)?")


def list_cleared(cleaned: str) -> str | None:
    """"en" or "ko" for "clear my shopping list" (asked before anything is withdrawn), else None."""
    text = cleaned.rstrip("?？.! ")
    if _EN_CLEAR.fullmatch(text):
        return "en"
    return "ko" if re.search(r"[가-힣]", text) and _KO_CLEAR.fullmatch(text) else None


def to_buy(item: str, lang: str) -> str:
    """The promise kept for an item: "buy milk", "우유 사기"."""
    return f"{item} 사기" if lang == "ko" else f"buy {item}"


_NOT_A_LIST = re.compile(r"\b(?:for|to|from|with|at|on|in|by|before|after|if|when|because|so|or)\b|에게|한테|위해")


def items_to_buy(desc: str, lang: str) -> list[str] | None:
    """The items of a promise that buys several things ("buy milk, eggs and bread" -> milk, eggs, bread), one promise
    each as the shopping list keeps them; None for one item or a purchase that is not a plain list ("buy a gift for
    mom and dad"). The fiftieth session: "remove bread from the list" took the whole "buy milk, eggs and bread" off."""
    item = item_of(desc)
    if item is None or _NOT_A_LIST.search(item):
        return None
    items = [_EN_ARTICLE.sub("", part.strip(" .,")) if lang == "en" else _KO_ARTICLE.sub("", part.strip(" .,"))
             for part in _parts(item)]
    items = [part for part in dict.fromkeys(items) if part]
    if len(items) < 2 or len(items) > 20 or any(len(part.split()) > 3 for part in items):
        return None
    return items


def item_of(desc: str) -> str | None:
    """The item a promise buys ("buy milk" -> "milk", "우유 사기" -> "우유"), or None when it buys nothing."""
    if m := re.fullmatch(r"buy\s+(?:some\s+|more\s+)?(?P<x>.+)", desc.strip(), re.IGNORECASE):
        return m["x"]
    if m := re.fullmatch(r"(?P<x>.+?)\s*(?:을|를)?\s*사기", desc.strip()):
        return m["x"]
    return None
