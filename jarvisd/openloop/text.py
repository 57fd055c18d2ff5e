"""The pieces of text the open-loop rules compare: normalized forms, character bigrams, content words.

A description is profiled once (`profile`, cached): the judge compares one new promise with every
open loop, and the open loops' profiles are reused from judgement to judgement.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from functools import lru_cache
from operator import add

from jarvisd.language import EN_TITLES, english_key
from jarvisd.openloop.commitment_words import EN_BASE_VERBS, IRREGULAR_BASE
from jarvisd.textsafe import EMOJI

# "&" and "+" are words: "call Bob & Ann" joins Ann as "and" does. A run of emoji is one too: it names the thing
# (lows68: "buy " + a family emoji had no word but "buy", so "buy éé…" already kept was taken for the same promise)
_WORD = re.compile(f"[\\w'’]+|[&+]|[{EMOJI}][{EMOJI}\u200d\ufe0f]*")

EN_FUNCTION = frozenset(
    "& + a an the to my for of on in at from with and or it its before after by me your our this that "
    "please up i we you is be will need needs should must have has about some".split())
KO_FUNCTION = frozenset(
    "하기 해주기 해줘 하다 해 좀 것 거 꼭 내가 나 우리 제가 저 그 그거 그건 이거 드리기 주기 해야 해야지 "
    "해야해 한다 할게 할".split())
KO_PARTICLES = frozenset(
    "을 를 이 가 은 는 의 에 께 도 만 로 와 과 랑 에게 한테 에서 으로 까지 부터 이랑 하고".split())
# First letters of particles and verb endings after a shared stem.
# Last syllables of a verb's forms: a word ending so is no compound's head noun ("찾아오기" is no 오기)
_KO_VERB_LAST = frozenset("기고어아해했다요서지게")
# The endings a one-syllable verb stem is said with in a description ("잡아 놓기", "가기", "사고").
_KO_VERB_TAILS = frozenset("기 아 어 고 아서 어서 러 려고 는 았 었 아다 어다 도".split())   # 도: 가도 (안 가도 돼); 러: 보러 (장 보러)
KO_INFLECTION_START = frozenset("하해한할함합했에을를이가은는의께도로와과랑들으까부만게기고지드줘주러려")
# A word on one side only that turns a promise around.
POLARITY = frozenset("취소 안 못 말기 말자 그만 cancel not don't dont no stop skip".split())
POLARITY_STEMS = ("취소", "않", "cancel", "안해", "못해", "그만")
_POLARITY_FIRST = frozenset(stem[0] for stem in POLARITY_STEMS)  # a set test costs less than startswith


# What the rules need of one word, as a plain tuple (unpacking one is cheaper than reading a named
# tuple's fields, and the profile does it for every word of every new text):
#   grams  frozenset[str]  the bigrams inside the word (none for a one-letter word)
#   key    str | None      the comparison key of a content word (English stemmed); None: function word
#   turns  bool            the word turns a promise around (cancel / not / stop)
#   first, last  str       its first and last letter, for the bigrams across word boundaries
WordFacts = tuple[frozenset[str], str | None, bool, str, str]
_NONE: frozenset[str] = frozenset()
MAX_KNOWN_WORDS = 65_536
_FUNCTION = EN_FUNCTION | KO_FUNCTION


class _KnownWords(dict[str, WordFacts]):
    """Every word seen, with its facts, worked out on first sight (`__missing__`): a daemon hears the
    same words again and again. A dict rather than an lru_cache, because the profile looks up every word
    of a new text and a subscript costs less than a call. Emptied when it holds MAX_KNOWN_WORDS words."""

    def __missing__(self, w: str) -> WordFacts:
        if len(self) >= MAX_KNOWN_WORDS:
            self.clear()
        key: str | None = None
        if w not in _FUNCTION:
            key = w
            if w.isascii():
                key = english_key(w)
                if key in EN_FUNCTION:
                    key = None
        first, n = w[0], len(w)
        # A two-letter word is its own only bigram: no new strings to build (the common Korean word).
        grams = frozenset(map(add, w, w[1:])) if n > 2 else frozenset((w,)) if n == 2 else _NONE
        turns = w in POLARITY or (first in _POLARITY_FIRST and w.startswith(POLARITY_STEMS))
        facts = self[w] = (grams, key, turns, first, w[-1])
        return facts


KNOWN_WORDS = _KnownWords()


_new_object = object.__new__


class Profile:
    """Everything the rules compare, built in one pass over the words and cached per text (`profile`):
    the judge compares one new promise with every open loop, and the loops' profiles are reused.

    A class with slots, built only by `profile`: the rules read many fields, and reading a slot costs
    less than reading a named tuple's field. The collections are shared by every caller of `profile`:
    read them, never change them."""

    __slots__ = ("squashed", "grams", "words", "content", "keys", "stems", "polarity")
    squashed: str                 # normalized, no spaces
    grams: AbstractSet[str]       # character bigrams of `squashed` (a one-character text is its own unit)
    words: Sequence[str]          # normalized words
    content: Sequence[str]        # words that carry the promise
    keys: Sequence[str]           # `content` with English words stemmed
    stems: frozenset[str]         # `keys` as a set
    polarity: frozenset[str]      # cancel / not / stop words present

    @property
    def norm(self) -> str:
        """Normalized, single spaces."""
        return " ".join(self.words)


@lru_cache(maxsize=16_384)
def profile(text: str) -> Profile:
    """Normalize (NFKC, lower case, punctuation dropped) and profile a text from its words' facts."""
    said = unicodedata.normalize("NFKC", text)
    text = said.lower()
    names = _function_words_as_names(said) if said != text else _NONE
    words = text.split()
    squashed = "".join(words)
    if not squashed.isalnum():  # punctuation somewhere (the rare case): the regex says what a word is
        words = _WORD.findall(text.replace("’", "'"))
        squashed = "".join(words)
    grams: set[str] = set()
    content: list[str] = []
    keys: list[str] = []
    polar: list[str] = []
    before = None  # the last letter of the word before
    for i, w in enumerate(words):
        in_word, key, turns, first, last = KNOWN_WORDS[w]
        if before is not None:  # the bigram across the word boundary, as in the space-free text
            grams.add(before + first)
        grams |= in_word
        before = last
        if key is None and w in _EN_MODAL_NAMES and _named_not_modal(words, i):
            key = w
        if key is not None:
            content.append(w)
            keys.append(key)
        elif w in names:   # any function word written as a name ("email An", "call Will"; pass 37); "will" also
            # by its place above, for speech written in lower case (pass 36)
            content.append(w)
            keys.append(w)
        if turns:
            polar.append(w)
    if len(squashed) == 1:
        grams.add(squashed)
    p = _new_object(Profile)  # the fields set here: cheaper than an __init__ call
    p.squashed, p.grams, p.words, p.content, p.keys = squashed, grams, words, content, keys
    p.stems = frozenset(keys)
    p.polarity = frozenset(polar) if polar else _NONE
    return p


# A function word that is also a name: "call Will" is a call to someone, "I will call" is no one.
_EN_MODAL_NAMES = frozenset({"will"})
# What follows a modal: a verb or one of these ("Sue will be late", "Bob will probably call").
_EN_AFTER_MODAL = frozenset("be not never also probably just still always definitely surely soon".split())


def _named_not_modal(words: Sequence[str], i: int) -> bool:
    """`words[i]` ("will") is the one a verb is done to, not the modal: a verb before it and no verb after
    ("call Will", "I emailed Will yesterday", "call Will and Grace"). Pass 36: as a function word, "call Will"
    had "call" as its only content, so "I called Bob" closed it and "email Sue on Monday" moved "email Will"."""
    if i == 0 or not (en_verb(words[i - 1]) or words[i - 1] in _EN_AND):
        return False
    after = words[i + 1] if i + 1 < len(words) else None
    return after is None or not (after in _EN_AFTER_MODAL or en_verb(after))


def normalize(text: str) -> str:
    """NFKC, lower case, punctuation dropped, whitespace collapsed."""
    return profile(text).norm


_SENTENCE_END = re.compile(r"[.!?;:\"“”()\n]")


def _function_words_as_names(said: str) -> frozenset[str]:
    """The function words `said` writes as names: capitalized after a word in lower case, in the same sentence
    ("call Will", "email An on Friday"; not "I. Will you", not "Call Bob About The Lease"). Without this, "call Will"
    was "call" alone: "cancel the call" named it before "call Bob", and "email Bob" was read as "email Will" moved
    (pass 37)."""
    found: set[str] = set()
    before = None
    for m in _WORD.finditer(said):
        word = m.group()
        if (before is not None and word[0].isupper() and not word.isupper() and word.lower() in _FUNCTION
                and before.group()[0].islower() and not _SENTENCE_END.search(said, before.end(), m.start())):
            found.add(word.lower())
        before = m
    return frozenset(found)


@lru_cache(maxsize=16_384)
def word_grams(text: str) -> frozenset[str]:
    """Bigrams inside each word, never across a word boundary (a one-letter word is its own unit)."""
    return frozenset().union(*(KNOWN_WORDS[w][0] if len(w) > 1 else (w,) for w in profile(text).words))


def squash(text: str) -> str:
    return profile(text).squashed


def bigrams(text: str) -> AbstractSet[str]:
    """Character bigrams of the space-free text; a one-character text is its own unit."""
    return profile(text).grams


def words(text: str) -> list[str]:
    return list(profile(text).words)


def content_words(text: str) -> list[str]:
    """Words that carry the promise: function words, articles and light verbs left out."""
    return list(profile(text).content)


def _common_prefix(a: str, b: str) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


@lru_cache(maxsize=65_536)
def words_match(w: str, v: str) -> bool:
    """The same content word up to inflection: `report`/`reports`, `공유`/`공유하기`, `엄마한테`/`엄마에게`."""
    if w == v:
        return True
    if any(ch.isdigit() for ch in w + v):  # "task1"/"task10", "3층"/"4층": another number, another thing
        return False
    if w.isascii() or v.isascii():
        a, b = english_key(w), english_key(v)
        if len(a) > len(b):
            a, b = b, a
        return a == b or (len(a) >= 4 and b.startswith(a))
    short, long = (w, v) if len(w) <= len(v) else (v, w)
    if long.startswith(short):  # 공유/공유하기, 차/차를
        return len(short) >= 2 or long[len(short):] in KO_PARTICLES
    if len(short) >= 2 and len(long) - len(short) >= 2 and long.endswith(short) and short[-1] not in _KO_VERB_LAST:
        return True     # a compound names a kind of its last noun: 정기검사/검사, 전기요금/요금
    if len(w) > 1 and len(v) > 1 and w[0] == v[0] and "기" in (w[1:], v[1:]) and {w[1:], v[1:]} <= _KO_VERB_TAILS:
        return True     # a verb of one syllable made a noun and said: 잡기/잡아 (놓기), 내기/내고
    if w[:2] != v[:2]:  # a shared stem needs two letters: most pairs end here
        return False
    n = _common_prefix(w, v)  # 엄마한테/엄마에게, 확인해줘/확인하기; not 서울역/서울대
    return w[n] in KO_INFLECTION_START and v[n] in KO_INFLECTION_START


def unmatched(mine: Profile, theirs: Profile) -> list[str]:
    """Content words of `mine` without a counterpart in `theirs` (exact stems first, then inflection)."""
    out = []
    for w, key in zip(mine.content, mine.keys, strict=True):
        if key not in theirs.stems and not any(words_match(w, v) for v in theirs.content):
            out.append(w)
    return out


# Particles a Korean word takes as the one called, mailed or given to: "밥 엄마한테" moves 밥한테's particle to
# 엄마, so 밥 now names whose mother (`owners`)
_KO_ROLE_PARTICLES = ("한테", "에게", "께", "을", "를")


# "driver's license", "mother's day": a kind of thing named with a possessive, not a person's thing (the forty-seventh
# session: "when does my license need renewing?" named no "renew my driver's license", whose "driver" owned it)
_EN_COMPOUND_POSSESSIVES = frozenset({("driver", "license"), ("driver", "licence"), ("drivers", "license"),
                                      ("drivers", "licence"), ("mother", "day"), ("father", "day"),
                                      ("valentine", "day"), ("children", "hospital"), ("women", "day"),
                                      ("year", "eve"), ("farmer", "market"), ("farmers", "market"),
                                      ("bachelor", "degree"), ("master", "degree"), ("master", "thesis")})


def owners(p: Profile) -> list[tuple[str, str]]:
    """(owner, owned) pairs of content words: the owner names whose the next word is. English "Bob's mom",
    "the Joneses' lawyer"; Korean "밥의 엄마한테" and "밥 엄마한테" (a bare noun before the word that carries
    the particle of the one called)."""
    pairs = []
    ws = p.words
    for w, owned in zip(ws, ws[1:], strict=False):
        if KNOWN_WORDS[owned][1] is None or KNOWN_WORDS[w][1] is None:
            continue
        if w.isascii():
            owner = w[:-2] if w.endswith("'s") else w[:-1] if w.endswith("'") else ""
        elif len(w) >= 2 and w.endswith("의"):
            owner = w[:-1]
        elif owned.endswith(_KO_ROLE_PARTICLES) and w[-1] not in _KO_VERB_LAST and \
                not any(w.endswith(particle) for particle in KO_PARTICLES):
            owner = w
        else:
            owner = ""
        if not owner:
            continue
        if (owner.lower(), owned.lower()) not in _EN_COMPOUND_POSSESSIVES:
            pairs.append((owner, owned))
        elif pairs and pairs[-1][1] == w:     # "Bob's driver's license": Bob's license, so "my license" is not it
            pairs.append((pairs[-1][0], owned))
    return pairs


def changes_owner(mine: Profile, theirs: Profile) -> bool:
    """`mine` speaks of someone's someone where `theirs` speaks of that someone: "call Bob's mom" against
    "call Bob", "밥 엄마한테 전화하기" against "밥한테 전화하기". Another person, so another promise, although
    only one side adds a word (pass 34: "Updated: call Lou" for a call to Lou's mother, which was lost)."""
    theirs_owners = [owner for owner, _ in owners(theirs)]
    for owner, owned in owners(mine):
        if any(words_match(owner, other) for other in theirs_owners):
            continue        # both speak of Bob's someone: the usual rules compare the rest
        owner_there = any(words_match(owner, v) for v in theirs.content)
        if any(words_match(owned, v) for v in theirs.content):
            if not owner_there:
                return True     # "my wife's passport" / "my passport", "the neighbour's kids" / "the kids"
            continue
        if owner_there and any(words_match(owner, v) and _acted_on(theirs.words, i) for i, v in enumerate(theirs.words)):
            return True
    return False


_EN_AND = frozenset({"and", "&", "+", "plus", "or"})
_EN_DETERMINERS = frozenset({"my", "the", "his", "her", "their", "our", "your", "a", "an"})
_KO_AND = ("이랑", "랑", "하고", "와", "과")
_EN_POSSESSIVE = frozenset({"my", "his", "her", "their", "our"})
# Kin said as a name, without "my": "pay the bill for mom" is "for my mom"
_EN_BARE_KIN = frozenset("mom mum mommy mummy ma dad daddy pa grandma grandpa granny nana gran".split())
_EN_NAME_SUFFIX = frozenset({"jr", "sr", "junior", "senior", "ii", "iii"})
# Someone named with a title: "move-out for mrs lopez" is hers ("we're moving out on saturday" moved it, the
# sixty-seventh session, after english69 kept other people's move-outs)
_EN_TITLES = frozenset(EN_TITLES)


def adds_a_party(mine: Profile, theirs: Profile, *, joined_only: bool = False) -> bool:
    """`mine` joins someone or something to what `theirs` names: "call Bob and Ann" against "call Bob", "buy milk
    and eggs" against "buy milk", "밥이랑 앤한테" against "밥한테"; does it for someone of the user's ("pay the bill
    for my mom" against "pay the bill"); or names another of the name ("call Bob Jr"). Another promise, although
    only one side adds words (pass 34: "Updated: call Bob, now by Friday", and the call to Ann was kept nowhere).
    A verb after the "and" is a step of the same errand ("call Bob and ask about the lease"): the usual rules.
    `joined_only`: only someone or something joined by "and" ("&", "+", a list, 랑, 하고, 및), not "or", "for my
    mom" or "Jr" (`names_part_of`: what a closing leaves undone)."""
    ws = mine.words
    for i, w in enumerate(ws):
        before = ws[i - 1] if i else ""
        if joined_only and (w in _EN_NAME_SUFFIX or w in ("for", "or")):
            continue
        if w in _EN_NAME_SUFFIX:
            joined = w      # "call Bob Jr" against "call Bob": his son
        elif i + 2 < len(ws) and w == "for" and ws[i + 1] in _EN_POSSESSIVE:
            joined = ws[i + 2]
        elif i + 1 < len(ws) and w == "for" and ws[i + 1] in _EN_BARE_KIN:
            joined = ws[i + 1]      # "for mom", "for dad": for my mom
        elif i + 2 < len(ws) and w == "for" and ws[i + 1] in _EN_TITLES:
            joined = ws[i + 2]      # "for mrs lopez"
        elif i + 1 < len(ws) and w in _EN_AND:
            j = i + 1
            while j < len(ws) - 1 and ws[j] in _EN_DETERMINERS:
                j += 1
            joined = ws[j]
            if en_verb(joined) or joined in _EN_DETERMINERS:
                continue
            if KNOWN_WORDS[joined][1] is not None or joined in mine.content:
                if _one_more_party([*_listed_before(ws, i), joined], theirs):
                    return True     # "call Bob, Ann and Tom", "call Ann and Bob" against "call Bob"
            continue
        elif i + 1 < len(ws) and not w.isascii() and w.endswith(_KO_AND) and KNOWN_WORDS[w][1] is not None:
            end = next(end for end in _KO_AND if w.endswith(end))
            before, joined = w[:-len(end)], ws[i + 1]
            if joined_only and (end in ("와", "과") or len(before) < 2 and end != "이랑"):
                continue    # "치과", "사과", "사랑": a word's own last syllable, not "and"
            if KNOWN_WORDS[joined][1] is not None and _one_more_party([before, joined], theirs):
                return True         # "밥이랑 앤한테", "지영이랑 민수한테" against "민수한테"
            continue
        elif 0 < i < len(ws) - 1 and w == "및":   # "민수 및 지영이한테" (written, formal "and"; pass 37)
            if _one_more_party([ws[i - 1], ws[i + 1]], theirs):
                return True
            continue
        else:
            continue
        if before and any(words_match(before, v) for v in theirs.content) \
                and (joined in _EN_NAME_SUFFIX or KNOWN_WORDS[joined][1] is not None) \
                and not any(words_match(joined, v) for v in theirs.content) and joined not in theirs.words:
            return True
    return False


def names_part_of(said: str, desc: str) -> bool:
    """A closing names some of the people or things a promise joins, not all: "I called Ann" for "call Bob, Ann
    and Tom", "I bought milk" for "buy bread and milk", "민수한테 전화했어" for "민수랑 지영이한테 전화하기". It
    was marked done whole (pass 38b), and the calls to Bob and Tom were off the agenda. A promise of either one
    ("call Ann or Bob") is done by one."""
    mine = profile(desc)
    if any(w in ("or", "either", "또는", "아니면", "혹은") for w in mine.words):
        return False
    return adds_a_party(mine, profile(said), joined_only=True)


def _one_more_party(parties: Sequence[str], theirs: Profile) -> bool:
    """Of the names joined together, one is in `theirs` and another is not: someone is added, on either side of
    the joiner (pass 36: "call Ann and Bob", "지영이랑 민수한테" moved the call to Bob / 민수 alone)."""
    def named(word: str) -> bool:
        return any(words_match(word, v) for v in theirs.content) or word in theirs.words
    return any(named(w) for w in parties) and not all(named(w) for w in parties)


def _listed_before(ws: Sequence[str], i: int) -> list[str]:
    """The names listed before the joiner at `i`, back to the first word that is not one: "bob", "ann" of
    "call Bob, Ann and Tom" (the commas are gone), "bill" of "pay the bill and the rent"."""
    listed = []
    for w in reversed(ws[:i]):
        if KNOWN_WORDS[w][1] is None and w not in _EN_MODAL_NAMES or en_verb(w):
            break
        listed.append(w)
    return listed


def en_verb(word: str) -> bool:
    """A verb in any of its forms: "ask", "asks", "asked", "asking", "sent" ("I called mom and emailed Sam"),
    "running", "stopped", "baking"."""
    for end in ("", "s", "es", "ed", "d", "ing"):
        if word.endswith(end) and word[:len(word) - len(end)] in EN_BASE_VERBS:
            return True
    for end in ("ed", "ing"):
        stem = word[:-len(end)] if word.endswith(end) else ""
        if len(stem) > 2 and (stem[-1] == stem[-2] and stem[:-1] in EN_BASE_VERBS or stem + "e" in EN_BASE_VERBS):
            return True
    return word in IRREGULAR_BASE or (word.endswith("ied") and word[:-3] + "y" in EN_BASE_VERBS)


def _acted_on(ws: Sequence[str], i: int) -> bool:
    """`ws[i]` names the one the promise is done to, not what kind of thing the next word is: English, no
    content word after it ("call Bob", not "the attendee list"); Korean, it carries the particle ("밥한테",
    not "참석자 목록")."""
    w = ws[i]
    if not w.isascii():
        return w.endswith(_KO_ROLE_PARTICLES)
    return i + 1 == len(ws) or KNOWN_WORDS[ws[i + 1]][1] is None


def has_unmatched(mine: Profile, theirs: Profile) -> bool:
    """Does `mine` have a content word without a counterpart in `theirs`? (`unmatched`, stopping early)"""
    if theirs.stems.issuperset(mine.keys):  # every word found as it is: the common elaboration
        return False
    for w, key in zip(mine.content, mine.keys, strict=True):
        if key in theirs.stems:
            continue
        for v in theirs.content:
            if words_match(w, v):
                break
        else:
            return True
    return False
