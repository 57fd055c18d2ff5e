"""A kept fact to forget, asked in words: "forget that my gym code is 77", "forget my locker code", "forget what I
told you about my bike", "delete my wifi password", "내 사물함 번호 잊어버려", "헬스장 코드 지워 줘". Pure: the key
words of the facts to forget, and the reply.

Before (the forty-fifth session) nothing could forget a fact the user had asked to keep: `/forget` takes whole
sessions, and "forget that my gym code is 77" went to the desk (no promise of that name) and then to SmolLM2, which
answered "(2026-12-05) my locker code is 4512" and forgot nothing. A user who can say "remember that …" must be able
to take it back the same way. Only facts holding every key word are forgotten (`fact_asked.facts_meant`); when none
does, the words go on as before ("forget the call with Bob" is the agenda's cancel).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from jarvisd.memory.fact_asked import (
    FactAsked,
    first_reading,
    keys_beside,
    of_the_agenda_or_world,
    readings,
    said_of,
)
from jarvisd.memory.facts import _A_PLACE, unlabelled
from jarvisd.textsafe import plain_words

# "/forget my locker code": the slash command takes only sessions, and answered its usage line (pass 70); the words after
# it are read as "forget my locker code" said
_SLASH_FORGET = re.compile(r"\s*/forget\s+(?!session(?:\s|$))(?P<rest>\S.{0,3990})", re.IGNORECASE | re.DOTALL)


def slash_forget_words(text: str) -> str | None:
    """"/forget my locker code" as the words "forget my locker code"; None for "/forget session …" and other text."""
    m = _SLASH_FORGET.fullmatch(text)
    return None if m is None else f"forget {m['rest'].strip()}"


_LEAD = r"(?:(?:so|and|hey|ok|okay|jarvis|please|actually|um|uh)[\s,]+)*"
_EN = [re.compile(_LEAD + p, re.IGNORECASE) for p in (
    r"(?:please\s+)?(?:forget|delete|erase|remove)\s*,?\s+(?:that\s+|at\s+)?(?P<x>(?:my|our)\s+.+?)(?:\s+(?:please|for\s+me|now))?",
    # "forget the garage code" (pass 55b: "add a note: the garage code is 4417" is kept and said back, and its forget
    # went to the model, which forgot nothing); "forget the call with Bob" with that promise open stays the agenda's
    r"(?:please\s+)?(?:forget|delete|erase)\s*,?\s+(?:that\s+)?(?P<x>the\s+.+?)(?:\s+(?:please|for\s+me|now))?",
    r"(?:please\s+)?(?:forget|delete|erase)\s+what\s+i\s+(?:told\s+you|said)\s+about\s+(?P<x>.+?)",
    r"(?:don't|do\s+not)\s+remember\s+(?:that\s+|at\s+)?(?P<x>(?:my|our)\s+.+?)(?:\s+any\s*more)?",
    # "forget that Lily goes to Maple Elementary", "forget Sam's address" (the fifty-ninth session: SmolLM2 said the fact
    # back, "(2026-12-06) Lily goes to …", and it stayed): a fact told of someone named; only facts holding every word go
    r"(?:please\s+)?(?:forget|delete|erase)\s*,?\s+(?:that\s+|about\s+)?(?P<x>(?!(?:my|our|the|it|this|that|about|what|"
    # (a name of any letters: "forget that Zoë is allergic to peanuts" went to the model and the fact stayed, pass 61b)
    r"where|everything|all|me|you)\b)[^\W\d_]+(?:'s)?\s+.+?)(?:\s+(?:please|for\s+me|now))?",
    # "forget where I parked" (the fiftieth session: SmolLM2 answered with a kept fact about "Dr. Park")
    r"(?:please\s+)?(?:forget|delete|erase)\s+where\s+(?:i|we)\s+(?P<x>(?:parked|put|left|hid|stored|stashed|kept|locked)"
    r"(?:\s+.+?)?)(?:\s+(?:please|now))?",
)]
# "forget where my sister lives", "forget what school Lily goes to", "forget where Sam works" (pass 60b: the first went to
# the model, the second to the agenda's cancel, which took "email Lily's school" off): the fact told of where someone
# goes, works or lives (`remember_asked`), keyed on who and the deed as `fact_asked` asks it ("lily goes")
_EN_THEIR_PLACE = re.compile(_LEAD + r"(?:please\s+)?(?:forget|delete|erase)\s+(?:(?:what|which)\s+(?P<kind>[\w'-]+)|where)\s+"
                             r"(?P<who>(?!(?:i|you|he|she|it|they|we|that|this)\b)(?:(?:my|our)\s+)?[\w'-]+)\s+"
                             r"(?P<v>goes|attends|works|lives|studies)(?:\s+(?:to|at|for|in|on))?(?:\s+(?:please|now))?",
                             re.IGNORECASE)
# "forget what time the hardware store closes", "forget when the pharmacy opens" (pass 61b: to the model, and the fact
# stayed): the hours of a place, as `fact_asked` asks them ("hardware store closes")
_EN_THEIR_HOURS = re.compile(_LEAD + r"(?:please\s+)?(?:forget|delete|erase)\s+(?:what\s+time|when)\s+(?:the|my|our)\s+"
                             r"(?P<x>(?:[\w'-]+\s+){0,3}?[\w'-]+)\s+(?P<v>open|close|shut)s?(?:\s+(?:please|now))?",
                             re.IGNORECASE)
# "leo isn't allergic to peanuts anymore", "actually mia is no longer allergic to eggs" (pass 66: read as a correction of
# the fact just kept, "Updated: leo is leo isn't allergic to peanuts anymore", and the allergy still said): the fact
# taken back, as "forget that leo is allergic to peanuts" takes it
_EN_NOT_ANY_MORE = re.compile(_LEAD + r"(?P<who>(?:(?:my|our)\s+)?(?!(?:i|you|he|she|it|they|we|that|this|there|what|who)\b)"
                              r"[^\W\d_][\w'-]{0,30})\s+(?:isn't|is\s+not|is\s+no\s+longer|aren't|are\s+not|are\s+no\s+longer)"
                              r"\s+(?:(?:really|actually)\s+)?allergic\s+to\s+(?P<y>[\w' -]{2,60}?)(?:\s+any\s*more)?",
                              re.IGNORECASE)
_KO = re.compile(r"(?:(?:내|제|나의)\s+|우리\s*)?(?P<x>.+?)\s*(?:은|는|을|를|이|가)?\s*(?:좀\s*)?(?:잊어\s*버려|잊어\s*줘|잊어\s*주세요|잊어버려\s*줘|잊어|"
                 r"지워\s*줘|지워\s*주세요|지워|삭제해\s*줘|삭제해)(?:\s*(?:줘|주세요))?")


# "forget everything you know about me", "delete all my data", "나에 대해 다 잊어 줘" (the forty-seventh session: the
# agenda answered "I couldn't find everything you know about you on your agenda."). By voice a fact is forgotten one at
# a time; "forget everything" alone stays the agenda's "cancel everything", which asks first.
_EN_ALL = re.compile(_LEAD + r"(?:please\s+)?(?:forget|delete|erase|wipe|clear)\s+(?:(?:everything|all)\s+(?:that\s+)?you\s+(?:know|remember)"
                     r"(?:\s+about\s+me)?|(?:everything|all)\s+about\s+me|all\s+(?:of\s+)?my\s+(?:data|info|information|facts)"
                     r"|my\s+(?:data|information)|your\s+(?:whole\s+|entire\s+)?memory(?:\s+of\s+me)?)(?:\s+please)?", re.IGNORECASE)
_KO_ALL = re.compile(r"(?:나에\s*대해|나에\s*대한\s*(?:것|거|기억)|내\s*정보|기억)\s*(?:을|를|은|는)?\s*(?:다|전부|모두|싹)\s*"
                     r"(?:잊어|지워|삭제해)\s*(?:버려|줘|주세요)?")
ONE_AT_A_TIME = {"en": "I can't forget everything at once by voice. Tell me what to forget, like: forget my locker code.",
                 "ko": "말로는 한꺼번에 다 잊을 수 없어요. 잊을 걸 말해 주세요. 예를 들어: 내 사물함 번호 잊어버려."}


def _said(text: str) -> str:
    """The words as the readers take them: printable, one space per run, a phone's apostrophe as "'", no closing
    punctuation."""
    return " ".join(plain_words(text).replace("\u2019", "'").split()).rstrip(" .!~")


_KO_MINE = re.compile(r"(?:내|제|나의|우리)\s+[가-힣]\s")


def forget_all_said(text: str) -> str | None:
    """The reply to "forget everything you know about me" (one fact at a time, said how), or None."""
    said = _said(text)
    if _EN_ALL.fullmatch(said):
        return ONE_AT_A_TIME["en"]
    if _KO_ALL.fullmatch(said):
        return ONE_AT_A_TIME["ko"]
    return None


def forget_said(text: str) -> FactAsked | None:
    """The facts `text` asks to forget (their key words), or None (`fact_asked.readings`: both)."""
    return first_reading([_forget_said(said) for said in readings(text)])


# "forget my old address", "옛날 주소 잊어버려" (the sixty-first session: "I wasn't keeping anything about your old address"
# with it kept, then told again as "my new address is …"): the versions told before the newest, not the newest
_OLDER = re.compile(r"(?:(?<=\s)|^)(?:old|older|previous|former|earlier|옛날|예전|이전|옛|전)(?:\s+|$)", re.IGNORECASE)


def _forget_said(text: str) -> FactAsked | None:
    asked = _forget_words(text)
    if asked is None or _OLDER.search(asked.words) is None or not (words := _OLDER.sub("", asked.words).strip()):
        return asked
    return replace(asked, words=words, older=True)


def _forget_words(text: str) -> FactAsked | None:
    said = _said(text)
    if not said or said.endswith(("?", "？")):
        return None
    if re.search(r"[가-힣]", said):
        m = _KO.fullmatch(said)
        # one syllable is a thing of the user's when said as theirs: "내 차 잊어버려" (pass 79: to SmolLM2, "그렇군요.",
        # and "내 차는 아반떼야" still kept); "차 잊어버려" alone stays unread
        return FactAsked(m["x"].strip(" ,"), "ko") if m and (len(m["x"].strip()) > 1 or _KO_MINE.match(said)) else None
    if m := _EN_THEIR_PLACE.fullmatch(said):
        who = re.sub(r"^(?:my|our)\s+", "", m["who"], flags=re.IGNORECASE)
        told = f"what {m['kind']} {m['who']} {m['v']}" if m["kind"] else f"where {m['who']} {m['v']}"
        return FactAsked(f"{who} {m['v'].lower()}", "en", told=told + (" to" if m["v"].lower() == "goes" else ""))
    if m := _EN_THEIR_HOURS.fullmatch(said):
        return FactAsked(f"{m['x']} {m['v'].lower()}s", "en", told=f"when the {m['x']} {m['v'].lower()}s")
    if m := _EN_NOT_ANY_MORE.fullmatch(said):
        who = re.sub(r"^(?:my|our)\s+", "", m["who"], flags=re.IGNORECASE)
        return FactAsked(f"{who} allergic to {m['y'].strip()}", "en")
    for pattern in _EN:
        if m := pattern.fullmatch(said):
            return FactAsked(m["x"].strip(" ,"), "en")
    return None


def forgotten(asked: FactAsked, facts: Sequence[str]) -> str:
    """The reply once `facts` (the contents deleted, newest first) are forgotten."""
    from jarvisd.openloop.phrases import second_person  # the agenda's "my" -> "your", one owner

    shown = said_of(facts[0]).strip().rstrip(".!")
    more = len(facts) - 1
    if asked.lang == "ko":
        return f"잊었어요: {shown}." + (f" (같은 내용 {more}개도 함께 지웠어요.)" if more else "")
    tail = f" I also forgot {more} older note{'s' if more > 1 else ''} about it." if more else ""
    return f"OK, I forgot that {second_person(shown)}.{tail}"


def which_to_forget(asked: FactAsked, facts: Sequence[str]) -> str:
    """The question when the words name more than one kept fact (newest first): nothing is forgotten until one is
    named (pass 46: "forget my code" deleted the gym code and the bike lock code, "… 2 older notes about it")."""
    from jarvisd.openloop.phrases import second_person

    shown = [said_of(fact).strip().rstrip(".!") for fact in facts[:3]]
    more = len(facts) - len(shown)
    if asked.lang == "ko":
        tail = f" 외 {more}개" if more else ""
        return f"어느 것을 잊을까요? {', '.join(shown)}{tail}. 잊을 내용을 그대로 말씀해 주세요."
    named = [second_person(fact) for fact in shown] + ([f"{more} more"] if more else [])
    listed = named[0] if len(named) == 1 else ", ".join(named[:-1]) + " or " + named[-1]
    return f"Which one should I forget: {listed}? Say it as you told me, and I'll forget that one."


_SUBJECT = re.compile(r"\s+(?:is|are|was|were)\s+|(?<=[가-힣])(?:은|는|이|가)\s+|\s*[:：]\s*")


def one_per_subject(facts: Sequence[str]) -> list[str]:
    """The newest of `facts` (newest first) for each thing they are about ("my gym code is 55" and "my gym code is 77"
    are one, "my bike lock code is 9031" another): the words before "is" / "은" / ":"."""
    newest: dict[str, str] = {}
    for fact in facts:
        said = " ".join(unlabelled(said_of(fact)).casefold().split())   # "note: …" and "note: …" are two (pass 78)
        parts = _SUBJECT.split(said, maxsplit=1)
        # where a thing is, is another fact than what it is (pass 79: "my car is parked on level 3" and "my car is a
        # honda" were one, and "forget my car" asked which of the parking and the insurance, the honda not named)
        where = " (where)" if len(parts) == 2 and _A_PLACE.match(parts[1]) else ""
        newest.setdefault(parts[0].strip(" .!") + where, fact)
    return list(newest.values())


def taken_back(fact: str, was: str) -> FactAsked | None:
    """The key words of the fact a correction takes back ("Jenny is allergic to peanuts", not "shellfish": "Jenny
    shellfish", holding "Jenny is allergic to shellfish"): its subject and the value said to be wrong; None when the
    value has no key word of its own (pass 62b: "…, not 🦐", "…, not it", "…, not Jenny" keyed on "Jenny" alone and
    forgot every fact of Jenny's, her birthday and her work among them)."""
    subject = _SUBJECT.split(" ".join(said_of(fact).split()), maxsplit=1)[0]
    own = keys_beside(was, subject)
    return FactAsked(f"{subject} {' '.join(own)}", "ko" if re.search(r"[가-힣]", fact) else "en") if own else None


# Words that name a thing kept as a fact, not a thing to do: "forget my bike lock code" (pass 54e)
_FACT_NOUNS = frozenset("car bike locker allergy allergies coffee passport license licence "
                        "code codes password passwords passcode pin pins combination number numbers phone address "
                        "birthday birthdays username login wifi 번호 비밀번호 암호 코드 주소 생일".split())
_STATEMENT = re.compile(r"\b(?:is|are|was|were)\b|(?<=[가-힣])(?:이야|예요|이에요|야)$", re.IGNORECASE)


def names_a_fact(asked: FactAsked) -> bool:
    """Whether the words to forget can only be a kept fact ("that my gym code is 77", "my bike lock code", "my sister's
    phone number"), never a promise: with none of them kept they are not the agenda's cancel either. Pass 54e: with no
    such fact kept the words went on to the desk, which took "go to the gym", "buy a bike lock" and "call your sister"
    off the agenda ("OK, I took it off your agenda: call your sister.") though none was named."""
    if of_the_agenda_or_world(asked):   # "forget my 3pm meeting", "delete my shopping list": the agenda's
        return False
    words = asked.words.casefold()
    return bool(_STATEMENT.search(words)) or bool(set(re.findall(r"\w+", words)) & _FACT_NOUNS) \
        or any(noun in words for noun in ("번호", "비밀번호", "주소", "생일", "코드")) or _as_told(asked)


def _as_told(asked: FactAsked) -> bool:
    """Whether the words to forget are a fact as it is told ("Lily goes to Maple Elementary", "my sister lives in
    Denver", "Sam works at Acme Corp": `remember_asked.told_fact`). Pass 60b: with no such fact kept (never told, or
    forgotten a turn before), "forget that Lily goes to Maple Elementary" went on to the agenda's cancel, which took
    "drive Lily to Maple Elementary" off."""
    from jarvisd.memory.remember_asked import told_fact  # (it reads fact_asked, as this module does)

    return asked.lang == "en" and (bool(asked.told) or told_fact(asked.words) is not None)


def nothing_to_forget(asked: FactAsked) -> str:
    """The reply when no kept fact holds the words and they can only be one (`names_a_fact`): nothing deleted."""
    from jarvisd.openloop.phrases import second_person

    if asked.lang == "ko":
        return "그건 기억하고 있는 게 없어요. 잊을 것도 없어요."
    told = _as_told(asked)   # "Lily goes to Maple Elementary": someone named, not "my Lily goes to …"
    about = second_person(asked.told or (asked.words if told or asked.words.casefold().startswith(("my ", "our ", "the "))
                                         else "my " + asked.words))
    if len(about) > 120:
        about = about[:120].rsplit(" ", 1)[0] + " …"
    what = about if asked.told else f"that {about}" if told or _STATEMENT.search(asked.words) else f"anything about {about}"
    return f"I wasn't keeping {what}, so there was nothing to forget."


# "그거 잊어버려", "방금 거 지워 줘", "그건 잊어 줘": the fact of the turn before (`fact_of_turn`), not a key word "그거"
KO_THAT_FACT = re.compile(r"(?:그거|그것|그걸|그건|그게|이거|이건|이걸|방금\s*(?:거|그거|말한\s*거)|아까\s*(?:거|그거|말한\s*거))")
# "우리 집 와이파이 비번은 haneul77이야": the thing told of, before its topic particle
_KO_TOLD_SUBJECT = re.compile(r"(?:(?:내|제|나의)\s+)?(?P<x>[^\s].*?)(?:은|는)\s+\S.*")


def fact_of_turn(utterance: str) -> FactAsked | None:
    """The fact a Korean turn told ("우리 집 와이파이 비번은 haneul77이야": 우리 집 와이파이 비번) or asked back ("내
    혈액형 뭐였지?": 혈액형), as the key words of a forget; None for any other turn (a promise, a question)."""
    from jarvisd.memory.fact_asked import fact_asked
    from jarvisd.memory.remember_asked import remember_said

    asked = fact_asked(utterance)
    if asked is not None and asked.words and asked.lang == "ko":
        return asked
    fact = remember_said(utterance)
    if fact is None or not re.search(r"[가-힣]", fact) or (m := _KO_TOLD_SUBJECT.fullmatch(fact)) is None:
        return None
    return FactAsked(m["x"].strip(), "ko")
