"""What was talked about, asked back: "what did we talk about yesterday?", "what did I ask you this morning?",
"어제 무슨 얘기 했지?". Pure: the span the question names, and the answer said from the turns kept in it.

Before (the forty-sixth session) this went to the model: on the offline default SmolLM2 answered "what did we talk
about yesterday?" with "We talked about the latest news and updates.", a memory made up. Every turn is kept as an
episode with its time (`MemoryService.record_turn`), so the answer is read from them: the user's own words, the
latest few, and how many more. A span with no turn says so.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta

from jarvisd.textsafe import plain_words

SAID_TURNS = 3        # the user's words read back, the latest first
SAID_CHARS = 60       # of each, cut at a word
_EN_SPANS = {"yesterday": "yesterday", "last night": "yesterday", "today": "today", "this morning": "today",
             "earlier": "today", "earlier today": "today", "this week": "week", "last week": "last_week"}
_KO_SPANS = {"어제": "yesterday", "어젯밤": "yesterday", "오늘": "today", "아까": "today", "오늘 아침": "today",
             "이번 주": "week", "이번주": "week", "지난주": "last_week", "지난 주": "last_week"}
_EN_WHEN = "|".join(sorted((re.escape(k) for k in _EN_SPANS), key=len, reverse=True))
_KO_WHEN = "|".join(sorted((re.escape(k) for k in _KO_SPANS), key=len, reverse=True))
_EN = re.compile(
    r"(?:(?:so|and|hey|jarvis|ok|okay|um|uh)[\s,]+)*"
    r"(?:what\s+(?:did|have)\s+(?:we|i|you\s+and\s+i)\s+(?:talk(?:ed)?|chat(?:ted)?|speak|spoke|discuss(?:ed)?)(?:\s+about)?"
    r"|what\s+were\s+we\s+(?:talking|chatting)\s+about|what\s+did\s+i\s+(?:ask|tell)\s+you(?:\s+about)?"
    r"|do\s+you\s+remember\s+what\s+we\s+(?:talked|chatted)\s+about)"
    rf"\s+(?P<when>{_EN_WHEN})(?:\s+about)?", re.IGNORECASE)
_KO = re.compile(rf"(?P<when>{_KO_WHEN})\s*(?:우리\s*|나랑\s*|내가\s*)?(?:무슨|뭔|어떤)?\s*(?:얘기|이야기|대화|말)(?:를|을)?\s*"
                 r"(?:했|나눴|했었)(?:지|어|더라|었지|었더라|나|니|어요|죠|는지)?|"
                 rf"(?P<when2>{_KO_WHEN})\s*(?:내가\s*)?(?:뭐|뭘|무엇을)\s*(?:물어봤|물었|얘기했|말했)(?:지|어|더라|었지|나|니)?")


@dataclass(frozen=True)
class TalkAsked:
    since: date
    until: date      # inclusive
    span: str        # "yesterday", "today", "week", "last_week"
    lang: str


def talk_asked(text: str, today: date) -> TalkAsked | None:
    """The span "what did we talk about yesterday?" asks of, or None."""
    said = " ".join(plain_words(text).replace("\u2019", "'").split()).rstrip(" .!?？~")
    if (m := _EN.fullmatch(said)) is not None:
        span, lang = _EN_SPANS[m["when"].lower()], "en"
    elif (m := _KO.fullmatch(said)) is not None:
        span, lang = _KO_SPANS[m["when"] or m["when2"]], "ko"
    else:
        return None
    monday = today - timedelta(days=today.weekday())
    since, until = {"yesterday": (today - timedelta(days=1),) * 2, "today": (today, today),
                    "week": (monday, today), "last_week": (monday - timedelta(days=7), monday - timedelta(days=1))}[span]
    return TalkAsked(since, until, span, lang)


def _short(text: str) -> str:
    text = " ".join(text.split()).rstrip(" .!?")
    return text if len(text) <= SAID_CHARS else text[:SAID_CHARS].rsplit(" ", 1)[0] + " …"


def talk_said(asked: TalkAsked, utterances: Sequence[str]) -> str:
    """The answer from the user's words in the span (newest first): "Yesterday you asked me: "…"; "…"; and 4 more."."""
    said = []
    for text in utterances:
        if len(text.split()) < 2 or talk_asked(text, asked.since) is not None:
            continue   # "thanks", "ok", and the question itself asked before
        if (short := _short(text)) not in said:
            said.append(short)
    when_en = {"yesterday": "yesterday", "today": "today", "week": "this week", "last_week": "last week"}[asked.span]
    when_ko = {"yesterday": "어제", "today": "오늘", "week": "이번 주", "last_week": "지난주"}[asked.span]
    if not said:
        return f"{when_ko}는 나눈 이야기가 없어요." if asked.lang == "ko" else f"We didn't talk {when_en}."
    shown, more = said[:SAID_TURNS], len(said) - SAID_TURNS
    if asked.lang == "ko":
        return f"{when_ko} 하신 말씀: " + "; ".join(f"“{s}”" for s in shown) + (f"; 그 밖에 {more}개 더." if more > 0 else ".")
    quoted = [f"“{s}”" for s in shown]
    listed = quoted[0] if len(quoted) == 1 else "; ".join(quoted[:-1]) + ("; " if more > 0 else "; and ") + quoted[-1]
    return f"{when_en[:1].upper()}{when_en[1:]} you said: {listed}" + (f"; and {more} more." if more > 0 else ".")


# Things said in passing, asked back days later in other words (the sixty-second session): "I went hiking with Sam at
# Bukhansan last weekend", "we adopted a cat named Miso in March", then "who did I go hiking with?", "what's my cat's
# name?", "where do I work now?". None of it was told as a fact to keep, so the fact rules had nothing ("You haven't
# told me about your cat's name") and SmolLM2 made the rest up ("Miso is a Japanese anime series"). Every turn is kept
# as an episode: the user's own sentence that shares the question's cue words (stems, and a few words that name a kind
# of thing: "work" for "job", "instrument" for "guitar") is said back as it was said, never a value read out of it.
SAID_QUOTED = 2       # sentences said back: the best, and one as good
SAID_WORDS = 40       # a question longer than this is no question of a thing said (and bounds the work)
_EN_QUESTION = re.compile(r"(?:who|whom|whose|what|what's|whats|when|where|where's|which|how|did|do|does|have|has|"
                          r"was|were|is|are)\b", re.IGNORECASE)
_EN_OWN = frozenset("i i'm i've i'd me my mine we we're we've us our".split())
_KO_QUESTION = re.compile(r"뭐|뭘|누구|언제|어디|몇|무슨|어떤|어느|얼마|[?？]$")
_KO_OWN = frozenset("나 내 내가 나는 난 제 제가 저 저는 우리 우리가 우리는".split())
# words of a question that name no thing said: asking, time, and filler
_EN_FILLER = frozenset(
    "who whom whose what what's whats when where where's which how why did do does done doing have has had was were "
    "is are am be been being the a an to of in on at for with from about again kind sort type name's it its that this "
    "these those i i'm i've me my mine we we're we've us our you your tell remind remember know say said told ever "
    "now currently still these days lately recently usually today yesterday tomorrow time up any some thing things "
    "s many much long".split())
# a question's word that asks for a kind of thing, and the words that name one (said in passing, asked by its kind)
_EN_KINDS = {
    "work": "work job bakery office company employ hire career shift boss",
    "job": "job work employ hire career",
    "instrument": "instrument guitar piano violin cello drum ukulele flute bass saxophone trumpet",
    "coffee": "coffee latte espresso cappuccino americano mocha macchiato cold brew",
    "drink": "drink latte coffee tea",
    "name": "name call",
    "restaurant": "restaurant place cafe diner bistro",
    "pet": "pet cat dog kitten puppy",
    "live": "live moved from",
    "activity": "activity lesson class",
    "sport": "sport swim tennis soccer football basketball golf yoga climb run",
}
_EN_IRREGULAR = {"went": "go", "gone": "go", "goes": "go", "ran": "run", "got": "get", "gotten": "get", "had": "have",
                 "saw": "see", "seen": "see", "met": "meet", "bought": "buy", "took": "take", "taken": "take",
                 "ate": "eat", "eaten": "eat", "came": "come", "began": "start", "begin": "start", "begun": "start",
                 "swam": "swim", "drank": "drink", "drunk": "drink", "left": "leave", "moved": "move", "named": "name",
                 "called": "call", "working": "work", "learnt": "learn", "taught": "teach", "flew": "fly",
                 "gave": "give", "made": "make", "won": "win", "lost": "lose", "found": "find", "wrote": "write"}
_KO_FILLER = frozenset("요즘 최근 지금 요새 내가 제가 나는 저는 너 새 새로 그때 언제부터 언제까지 지난번".split())
_KO_VERB_END = tuple("지 어 야 셔 와 니 냐 까 해 나 요 래 대".split())
# a Korean question's word and the words a sentence said in passing names it by
_KO_KINDS = {
    "일": "일하 빵집 직장 회사 출근 취직", "일해": "일하 빵집 직장 회사 출근 취직", "일하": "일하 빵집 직장 회사 출근 취직",
    "직장": "일하 빵집 직장 회사 출근 취직", "악기": "기타 피아노 바이올린 첼로 드럼 우쿨렐레 플루트",
    "커피": "커피 라떼 아메리카노 에스프레소 카푸치노", "등산": "등산 산행 하이킹 북한산 관악산 설악산 한라산 지리산 도봉산",
    "이름": "이름", "식당": "식당 맛집 파스타집 가게 레스토랑 카페",
}
_WORD_OF = re.compile(r"[^\W_]+(?:'[^\W_]+)?")
# an order to the assistant is no thing said of one's life ("remind me to call my mom on Sunday": the agenda's, and may
# have moved since); "다음 주 월요일부터 빵집에서 일하기 시작해", kept as a promise too, is still said back
_ORDER = re.compile(r"(?:please\s+)?(?:remind|add|put|set|schedule|cancel|move|delete|remove|remember|forget|make)\b|"
                    r".*(?:알려\s?줘|알림|적어\s?줘|추가해|취소해|기억해|잊어)", re.IGNORECASE)


@dataclass(frozen=True)
class SaidAsked:
    cues: tuple[frozenset[str], ...]   # per cue word of the question, the stems that answer it
    own: bool                          # asked of the user ("I", "my", "we", "나", "내", "우리")
    lang: str
    me: bool = False                   # asked of what the user does ("what do I do for work", "where did I go")


def en_stem(word: str) -> str:
    """A word's stem for matching what was said with what is asked ("hiking", "hiked", "hike": "hik"; "ran": "run")."""
    word = word.casefold().removesuffix("'s").removesuffix("\u2019s")
    word = _EN_IRREGULAR.get(word, word)
    for suffix in ("ing", "ed", "es", "s", "e"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[:-len(suffix)]
            if suffix in ("ing", "ed") and len(word) >= 4 and word[-1] == word[-2] and word[-1] not in "aeiousl":
                word = word[:-1]   # "running", "swimming"
            break
    return word


def said_asked(text: str) -> SaidAsked | None:
    """A question that may be of something said in passing ("who did I go hiking with?", "우리 고양이 이름 뭐야?"): its
    cue words, or None (a statement, or a question of no thing: "what time is it?")."""
    said = " ".join(plain_words(text).replace("\u2019", "'").split()).strip()
    words = said.rstrip(" .!?？~").split()
    if not words or len(words) > SAID_WORDS:
        return None
    if re.search(r"[가-힣]", said):
        if _KO_QUESTION.search(said) is None:
            return None
        from jarvisd.memory.query_words import query_terms

        cues = []
        for term in query_terms(said):
            if term in _KO_FILLER or not re.search(r"[가-힣0-9]", term):
                continue
            kinds = _KO_KINDS.get(term) or _KO_KINDS.get(term[:2])
            if kinds is not None:
                cues.append(frozenset(kinds.split()))
            elif not term.endswith(_KO_VERB_END) or term[:-1].isdigit():
                cues.append(frozenset({term[:2] if len(term) > 2 and not term[0].isdigit() else term}))
        own = any(w.rstrip("?？") in _KO_OWN for w in words)
        return SaidAsked(tuple(cues), own, "ko") if cues else None
    if _EN_QUESTION.match(said) is None and not said.endswith("?"):
        return None
    # "what do I do for a living?" is of work, as "where do I work?" is (the sixty-fourth session: SmolLM2's "I'm a voice
    # assistant …" after "I work as a nurse at Severance hospital")
    said = re.sub(r"\bdo\s+i\s+do\s+for\s+(?:a\s+living|work)\b", "do i work", said, flags=re.IGNORECASE)
    lowered = [w.casefold() for w in _WORD_OF.findall(said)]
    cues = []
    for word in lowered:
        if word in _EN_FILLER or len(word) < 2:
            continue
        stem = en_stem(word)
        if stem in _EN_FILLER:
            continue
        kinds = _EN_KINDS.get(stem) or _EN_KINDS.get(word)
        cue = frozenset(en_stem(k) for k in kinds.split()) if kinds else frozenset({stem})
        if cue not in cues:
            cues.append(cue)
    own = any(w in _EN_OWN for w in lowered)
    me = re.search(r"\b(?:do|did|am|have|was|can|should|will)\s+i\b", said, re.IGNORECASE) is not None
    return SaidAsked(tuple(cues), own, "en", me) if cues else None


# a sentence told of someone else ("my brother works as an electrician in busan"): no answer to what the user does
# (round 65: "what do I do for work" was answered with the brother's work)
_OF_SOMEONE = re.compile(r"(?:(?:so|and|oh|um|well|also|btw)[\s,]+)*(?:my|our)\s+(?P<a>[a-z]+)(?:'s)?\s+(?P<b>[a-z]+)(?:'s)?\s",
                         re.IGNORECASE)
_SOMEONE_WORDS = frozenset("sister brother sibling mom mum mother dad father parents wife husband son daughter kid kids "
                           "child children baby friend boss manager partner girlfriend boyfriend fiance fiancee neighbor "
                           "neighbour roommate cousin aunt uncle niece nephew grandma grandpa grandmother grandfather "
                           "coworker colleague".split())


def of_someone_else(sentence: str) -> bool:
    """The sentence's subject is someone of the user's ("my wife …", "my older brother …"), and no "I" is said in it."""
    m = _OF_SOMEONE.match(sentence)
    return m is not None and (m["a"].casefold() in _SOMEONE_WORDS or m["b"].casefold() in _SOMEONE_WORDS) \
        and re.search(r"\b(?:i|i'm|im|i've|i'd|i'll|we|we're|me)\b", sentence, re.IGNORECASE) is None


def _matched(asked: SaidAsked, sentence: str) -> tuple[int, bool]:
    """How many of the question's cues the sentence holds, and whether one of them is a name in it ("Jake", "Miso")."""
    if asked.lang == "ko":
        return sum(1 for cue in asked.cues if any(c in sentence for c in cue)), False
    words = _WORD_OF.findall(sentence)
    stems = {en_stem(w): w for w in words}
    named, count = False, 0
    for cue in asked.cues:
        hit = next((stems[c] for c in cue if c in stems), None)
        if hit is not None:
            count += 1
            named = named or (hit[:1].isupper() and hit != words[0] and hit.casefold() not in _EN_OWN)
    return count, named


def said_in_passing(asked: SaidAsked, said: Sequence[tuple[date, str]], today: date) -> str | None:
    """The answer from the user's own sentences (newest first, with the day each was said): the one holding most of
    the question's cues, at least half of them (all, one a name said, when not asked of the user: "what's the capital
    of France?" is no question of "I went to France in May"); None when none does."""
    best: list[tuple[tuple[int, bool], date, str]] = []
    for day, sentence in said:
        sentence = " ".join(sentence.split())
        if len(sentence.split()) < 3 or said_asked(sentence) is not None or sentence.startswith("/") \
                or _ORDER.match(sentence):
            continue   # "thanks", a question asked before, a command, an order
        if asked.me and of_someone_else(sentence):
            continue   # "what do I do for work" is not answered by "my brother works as an electrician"
        count, named = _matched(asked, sentence)
        if count == 0 or 2 * count < len(asked.cues) or not (asked.own or asked.lang == "ko") \
                and not (named and count == len(asked.cues)):
            continue   # asked of someone else ("where does Jake live?"): all its words, one a name said
        if any(s == sentence for _, _, s in best):
            continue
        best.append(((count, named), day, sentence))   # a name asked ("Miso") before a word ("get")
    if not best:
        return None
    top = max(count for count, _, _ in best)
    chosen = [(day, sentence) for count, day, sentence in best if count == top][:SAID_QUOTED]
    return _quoted(chosen, today, asked.lang)


def _when_said(day: date, today: date, lang: str) -> str:
    days = (today - day).days
    if lang == "ko":
        return "오늘" if days <= 0 else "어제" if days == 1 else f"{day.month}월 {day.day}일에"
    return "earlier today" if days <= 0 else "yesterday" if days == 1 else f"on {day:%A}, {day:%B} {day.day}"


def _quoted(chosen: Sequence[tuple[date, str]], today: date, lang: str) -> str:
    if lang == "ko":
        return " ".join(f"{_when_said(day, today, lang)} “{sentence.rstrip(' .')}”라고 하셨어요." for day, sentence in chosen)
    parts = [f"{_when_said(day, today, lang)} you told me: “{sentence.rstrip(' .')}.”" for day, sentence in chosen]
    return " ".join(part[:1].upper() + part[1:] for part in parts)


# "I went hiking with Sam at Bukhansan last weekend", "we adopted a cat named Miso in March", "지난 주말에 민수랑 북한산 갔다
# 왔어", "선생님이 많이 늘었대" (the sixty-second session): a deed told of a day gone by, of someone else, or heard from
# someone is news of one's life, no promise kept; answered "Good. That wasn't on your agenda, so there was nothing to mark
# done." (seven times in two scripts). "I already called mom" (no day, the user's own) still is.
_EN_MONTHS = "january|february|march|april|may|june|july|august|september|october|november|december"
_EN_DAYS = "monday|tuesday|wednesday|thursday|friday|saturday|sunday"
_EN_GONE_BY = re.compile(
    rf"\b(?:last\s+(?:weekend|week|month|year|night|summer|winter|spring|fall|autumn|{_EN_DAYS})|yesterday|"
    rf"(?:on|this|last)\s+(?:{_EN_DAYS})|in\s+(?:{_EN_MONTHS}|\d{{4}})|(?:this|that)\s+(?:week|month|year|weekend)|"
    r"(?:\d+|a|an|two|three|few|couple\s+of)\s+(?:days?|weeks?|months?|years?)\s+ago|since\s+\w+)\b",
    re.IGNORECASE)
_EN_SOMEONE_ELSE = re.compile(r"(?:we|our|my\s+(?:[a-z]+\s+)?[A-Z][a-z]+|he|she|they)\b|(?:my\s+)?\S+\s+says\b")
# "so i just got home from the surgery" (the sixty-fourth session: "Good. That wasn't on your agenda, so there was nothing to
# mark done."): where the user came back from is news, no deed of theirs done
_EN_CAME_HOME = re.compile(r"(?:(?:so|well|ok|okay|um+|uh+|and)[\s,]+)*i\s+(?:just\s+|finally\s+)?(?:got|came|arrived)\s+"
                           r"(?:home|back)(?:\s+from\b|[\s.!]*$)", re.IGNORECASE)
_KO_GONE_BY = re.compile(r"지난\s?(?:주말|주|달|해)|어제|그제|그저께|[월화수목금토일]요일에|\d{1,2}월에|이번\s?주(?:부터|에)|"
                         r"작년|\d{1,3}\s?(?:일|주|달|년)\s?전")
_KO_HEARD_FROM = re.compile(r"(?:대|래|대요|래요|더라)[.!~]?$")


def told_in_passing(text: str) -> bool:
    """Whether a statement of a deed is news told in passing (a day gone by, someone else's, heard from someone), not
    the user closing a promise of their own."""
    said = " ".join(plain_words(text).split()).strip()
    if not said or said.endswith(("?", "？")) or len(said.split()) > SAID_WORDS or said_asked(said) is not None:
        return False
    if re.search(r"[가-힣]", said):
        return _KO_GONE_BY.search(said) is not None or _KO_HEARD_FROM.search(said) is not None
    return _EN_GONE_BY.search(said) is not None or _EN_SOMEONE_ELSE.match(said) is not None \
        or _EN_CAME_HOME.match(said) is not None
