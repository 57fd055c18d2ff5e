"""Which open promise a user names: "I sent Sam the slides", "the car insurance", "은행 가는 거".

A closing said in words (the desk's closings and the done/cancel intents) and the model's rewording of
a promise the rules already took are matched to descriptions here. Pure, on the text profiles of
`text.py`; `same_loop` first, then the share of the naming words found in the description.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from jarvisd.language import english_key
from jarvisd.openloop.commitment_words import (
    EN_BASE_VERBS,
    EN_GIVING_VERBS,
    EN_PARTICLE_STATE,
    KO_GENERIC_NOUNS,
    KO_PEOPLE,
)
from jarvisd.openloop.rules import same_loop
from jarvisd.openloop.text import changes_owner, en_verb, owners, profile, words_match
from jarvisd.openloop.when import time_spans

REFERENCE_SHARE = 0.5  # share of the naming words that must find their counterpart in the description

# Verbs a user says for the same deed ("phoned the vet" closes "call the vet"), by their stems. They name
# a description's deed only, never one of its things: "I made the call" is no "pay the phone bill".
_DEED_SYNONYMS = [frozenset(english_key(w) for w in group.split()) for group in (
    "call phone ring", "email mail send text message", "buy purchase order get",
    "book reserve schedule", "fix repair", "finish complete", "submit send", "return give",
    "clean tidy vacuum wash", "pay payment settle", "pick collect fetch", "drop deliver", "renew extend", "start run")]
# Things said by another name ("deck is done" for "finish the demo slides").
_THING_SYNONYMS = [frozenset(english_key(w) for w in group.split()) for group in (
    "deck slides presentation", "fridge refrigerator",
    # "when is my next dose" with "take the painkillers every 6 hours" kept (the sixty-fourth session: "I don't have your
    # next dose on your agenda.")
    "meds medicine medication pills prescription dose doses painkillers tablets",
    # "how many days until the trip" with "flight to Rome" kept (the sixty-first and sixty-second sessions' low: SmolLM2
    # answered "The trip is scheduled to take place on the 28th of August, 2023")
    "trip flight journey")]
_DEED_SYNONYM_OF = {stem: group for group in _DEED_SYNONYMS for stem in group}
_THING_SYNONYM_OF = {stem: group for group in _THING_SYNONYMS for stem in group}
# Korean words for the same deed, matched as the start of a word ("통화했어" for "전화하기"), against a
# description's deed only (not "전화요금 내기": 전화 is its thing there), and for the same thing.
_KO_DEED_SYNONYMS = [("전화", "통화"), ("갱신", "연장"), ("교체", "바꾸", "바꿨", "갈아"), ("알려", "얘기", "말해", "전해"),
                     ("주문", "시키", "시켰"), ("납부", "내기", "냈", "결제"),
                     ("가기", "다녀오", "다녀왔", "갔다", "데려가", "데려갔"),
                     # "근무표 제출 금요일로 미뤄줘" of "근무표 수간호사님한테 내기" (the sixty-fifth session: to SmolLM2)
                     ("제출", "내기", "냈", "내는")]   # "요양원 다녀왔다" for "요양원에 가기"
_KO_THING_SYNONYMS = [("주사", "접종", "예방접종"), ("합창", "성가대"), ("반품", "환불"), ("빨래", "세탁물", "세탁")]
# A state said in place of a deed: "the laundry's in the dryer", "the dishwasher's running"
_STATE = re.compile(r"^(?:(?:ok(?:ay)?|so|well|alright|good|great)[\s,]+)*(?:the|my|our)?\s*[\w' -]+?(?:'s|\s+is|\s+are|'re)\s",
                    re.IGNORECASE)
# Words that name nothing by themselves in a reference: particles of phrasal verbs ("drop the car off",
# "dropped off that return") and fillers ("just phoned my mom").
_NAMELESS = frozenset("off out back up down over away just all already now still really finally".split())
# Words for any task ("the appointment", "그 예약 건"): they name one only when nothing else is said.
_GENERIC = KO_GENERIC_NOUNS | frozenset("appointment thing stuff task reminder".split())
# "chicken's thawing on the counter already", "the laundry's already out": a state; its subject names it
_STATE_SUBJECT = re.compile(r"^(?:(?:the|my|our|that|this)\s+)?(?P<x>[\w-]+(?:\s+[\w-]+){0,2}?)(?:'s|\s+(?:is|are|was|were))\s")
_UNSURE = re.compile(r"\b(?:not|n't|no|never|will|'ll|gonna|gotta|got to|going to|should|need|needs|might|maybe|if|when|still|yet|"
                     r"supposed|would|'d|swore|promised|has to|have to|must|instead|moved|postponed|rescheduled|pushed|"
                     # under way, not done: "the report is nearly complete" (forty-second session: marked done)
                     r"almost|nearly|half|halfway|partly|partially|mostly|barely|hardly|practically|"
                     r"broken|wrong|missing|late|mess|messy|dirty|overdue|leaking|dead|expired|due|"
                     # a place's hours, not a task's state: "Hana's daycare is closed on the 24th"
                     r"closed|shut|open|opens|closes|"
                     # a visit to come, not one had: "my parents are visiting", "my son is coming to visit" (the sixty-fifth
                     # session, found on the way: "Marked done: parents visit")
                     r"coming|visiting|arriving|stopping\s+by|dropping\s+by)\b|\?", re.IGNORECASE)


def same_word(w: str, v: str, deed: bool = True) -> bool:
    """The same word up to inflection (`words_match`), English words for the same thing, or (when `v`
    may be a deed) English verbs for the same deed."""
    if words_match(w, v):
        return True
    if not w.isascii():
        groups = _KO_THING_SYNONYMS + _KO_DEED_SYNONYMS if deed else _KO_THING_SYNONYMS
        return any(any(w.startswith(a) for a in group) and any(v.startswith(b) for b in group) for group in groups)
    key, other = english_key(w), english_key(v)
    return other in _THING_SYNONYM_OF.get(key, ()) or (deed and other in _DEED_SYNONYM_OF.get(key, ()))


def _ko_deed_form(word: str) -> bool:
    """A Korean verb said in a description on the way to its last verb ("전화해서", "들러서", "사러")."""
    return not word.isascii() and word.endswith(("해서", "하고", "하러", "해야", "하려고"))


_EN_EVENT_NOUNS = frozenset("appointment appointments practice lesson lessons class classes meeting game recital rehearsal "
                            "checkup check-up dinner lunch party visit session".split())
_JOURNEYS = frozenset("flight flights trip journey".split())
# what a child has at a time ("the kids have piano at 4"): an activity, not a deed (`commitments_en._EVENT_NOUNS`)
_ACTIVITIES = frozenset("piano violin guitar cello drums dance ballet judo karate taekwondo chess scouts cubs brownies choir "
                        "orchestra tutoring tennis volleyball netball cricket lacrosse fencing climbing skating soccer "
                        "football basketball baseball softball hockey rugby gymnastics swimming".split())


def _verb(desc_words: Sequence[str]) -> str | None:
    """A description's verb: first in English ("call my mom"), last in Korean when it is a verb made a
    noun ("은행 가기"); none in a description of one word ("cake", "등산")."""
    if len(desc_words) < 2:
        return None
    if desc_words[-1].isascii():
        # "dentist appointment for the kids", "soccer practice for Emma" (the fifty-seventh session's someone else's
        # appointment): a thing's name, no deed; "dentist" taken for its verb, "cancel the kids' dentist" named none
        if desc_words[1].lower() in _EN_EVENT_NOUNS and english_key(desc_words[0].lower()) not in EN_BASE_VERBS:
            return None
        # "flight to Rome": a journey's name, no deed ("the trip" names it, the sixty-third session)
        if desc_words[0].lower() in _JOURNEYS:
            return None
        # "piano for the kids", "soccer for Emma" (the sixty-fifth session's family: "piano is cancelled" named none, piano
        # taken for its verb): an activity's name, no deed ("car service" keeps "car": "i sold the car" is no close of it)
        if desc_words[0].lower() in _ACTIVITIES:
            return None
        return desc_words[0]
    if desc_words[-1].endswith("기"):
        return desc_words[-1]
    # an English deed done to a Korean name ("call 태", "pay 민지"): its verb is first, as in English; without
    # one, "I paid the rent and called the bank" closed "call 태" (its "call" taken for a thing)
    first = desc_words[0]
    return first if first.isascii() and english_key(first) in EN_BASE_VERBS else None


# "보험 청구하려면 진단서 떼기" (the sixty-fifth session: "보험 청구 다 했어" with "보험 청구 서류 내기" open too went to
# SmolLM2, and "보험 청구 했나?" answered of the certificate): the deed a purpose names (-려면) is not this one's
_KO_PURPOSE = re.compile(r"(?<![가-힣])[가-힣]+(?:하|으|)려면(?=\s)")


def _reference_match(reference: str, desc: str) -> tuple[float, float]:
    """(share of the reference's words found, share of the description's words named): see reference_score."""
    desc = _KO_PURPOSE.sub("", desc).strip() or desc
    if desc.endswith(" 마감") and len(words := reference.split()) > 1 and words[-1].startswith("제출"):
        # "자소서 제출했나?" of "자소서 마감" (the sixty-fifth session: "일정에서 찾지 못했어요."): a deadline's thing handed
        # in is that deadline ("보고서 제출" still names no "자소서 마감")
        reference = " ".join(words[:-1])
    if _talked_about(profile(reference).content, profile(desc).content):
        return 0.0, 0.0
    if _other_owner(reference, desc):
        return 0.0, 0.0
    if same_loop(reference, desc):
        mine, theirs = profile(reference), profile(desc)
        named = sum(any(same_word(w, v) for w in mine.content) for v in theirs.content)
        return 1.0, named / len(theirs.content) if theirs.content else 1.0
    mine = [w for w in profile(reference).content if w not in _NAMELESS]
    if any(w not in _GENERIC for w in mine):   # "치과 예약": the dentist names it, not the appointment
        mine = [w for w in mine if w not in _GENERIC]
    theirs = [v for v in profile(desc).content if v not in _NAMELESS]
    if not mine or not theirs:
        return 0.0, 0.0
    verb = _verb(theirs)
    # the reference's own verb names the deed, never a thing: "dropped the kimchi off" is not "eye drops"
    first = reference.split(maxsplit=1)[0].lower()   # `mine` has a word, so the reference has one
    own_verb = mine[0] if reference.isascii() and first == mine[0] and english_key(first) in EN_BASE_VERBS else None
    matched = [(w, v) for w in mine for v in theirs
               if (same_word(w, v, deed=v == verb or _ko_deed_form(v)) or _a_clinic_of(w, v)) and (w != own_verb or v == verb)]
    if not any(v != verb and not _ko_deed_form(v) for _, v in matched):
        return 0.0, 0.0   # "통화 다 했어" names no "병원에 전화해서 예약 잡기": a deed, not its thing
    share = len({w for w, _ in matched}) / len(mine)
    if share < REFERENCE_SHARE or _other_thing(mine, theirs, matched, verb):
        return 0.0, 0.0
    return share, len({v for _, v in matched}) / len(theirs)


# "병원 예약을 금요일로 바꿔 줘" of "정형외과 예약" (the sixty-third session's elder: to SmolLM2): 병원 names any clinic
_KO_CLINICS = frozenset("치과 안과 피부과 소아과 내과 이비인후과 정형외과 산부인과 비뇨기과 신경과 정신과 재활의학과 "
                        "한의원 의원 외과 가정의학과 통증의학과".split())


def _a_clinic_of(said: str, desc_word: str) -> bool:
    return said == "병원" and desc_word in _KO_CLINICS


_KO_TALK = ("얘기", "이야기", "말", "상의", "의논", "통화", "대화")
_KO_TELLING = (*_KO_TALK, "전화", "연락", "알려", "물어", "전해", "말해", "여쭤", "묻", "문의", "메일", "문자", "카톡", "톡")


def _other_owner(said: str, desc: str) -> bool:
    """One speaks of someone's someone where the other speaks of that someone (`text.changes_owner`): "I called
    Bob's mom" names no "call Bob", nor "I called Bob" "call Bob's mom" (pass 35: each closed the other)."""
    mine, theirs = profile(said), profile(desc)
    return changes_owner(mine, theirs) or changes_owner(theirs, mine)


def _talked_about(mine: Sequence[str], theirs: Sequence[str]) -> bool:
    """Korean: talking about a thing is not doing it ("일당 얘기 다 했고" does not close "반장들 일당 정산 해
    주기"), unless the promise is itself to tell, ask or call."""
    if not mine or mine[-1].isascii() or not mine[-1].startswith(_KO_TALK):
        return False
    return not any(v.startswith(_KO_TELLING) for v in theirs)


def _other_thing(mine: Sequence[str], theirs: Sequence[str], matched: Sequence[tuple[str, str]], verb: str | None) -> bool:
    """Korean: the two agree only on their first words (whose and where: "지수 유치원") and go on to
    things of their own ("재롱잔치" against "현장학습 동의서 내기"): two different things. Not "은행에 서류 건
    문의했어" for "은행에 대출 서류 메일 보내기" (서류 is matched past a word of the description's own)."""
    if mine[-1].isascii() or len(mine) < 2 or mine[-1].endswith("기") or any(w == mine[-1] for w, _ in matched):
        return False                   # the reference ends in a deed ("혈압 재기", "주민센터 가기"), not a thing
    named = {v for _, v in matched}
    said = {w for w, _ in matched}
    prefix = len(said)
    if set(mine[:prefix]) != said or set(theirs[:prefix]) != named:
        return False
    return any(v not in named and v != verb and not _ko_deed_form(v) for v in theirs)


# Verbs that say a task is done whatever it was ("I handled the insurance thing", "sorted the car")
_ANY_DEED = frozenset(english_key(w) for w in (
    "do did done handle sort deal finish complete wrap get take care manage settle clear tick check cross knock "
    "make work be have").split())


def another_one(reference: str, desc: str) -> bool:
    """English: the closing did it to "a" thing the promise calls "the" / "my" one ("I sent a parcel to my
    parents last week" for "send the parcel home"): maybe another of its kind."""
    m = re.search(r"\b(?:a|an)\s+([a-z][\w-]*)", reference.lower())
    return bool(m) and re.search(rf"\b(?:the|my|our|his|her|their)\s+{re.escape(m[1])}\b", desc.lower()) is not None


_EN_LISTED = re.compile(r"(?P<verb>[a-z]+)\s+(?P<items>.+?(?:,\s*|\s+and\s+|\s+&\s+).+)")
_KO_LISTED = re.compile(r"(?P<items>.+?(?:이랑|랑|하고|와|과|,)\s*.+?)\s+(?P<verb>\S+기)")
_KO_JOINER = re.compile(r"(?<=[가-힣])(?:이랑|랑|하고|와|과)(?=\s)|,")


def listed_deeds(reference: str) -> list[str]:
    """One deed per thing a closing lists: "buy eggs and milk" -> "buy eggs", "buy milk"; "call Bob and Ann" ->
    "call Bob", "call Ann"; "email Ann and called Bob" -> "email Ann", "called Bob"; "계란이랑 우유 사기" -> "계란 사기",
    "우유 사기". [] when it lists nothing (the forty-second session: "I bought eggs and milk" closed neither)."""
    if reference.isascii():
        m = _EN_LISTED.fullmatch(reference)
        if m is None:
            return []
        items = [i.strip() for i in re.split(r",\s*(?:and\s+)?|\s+and\s+|\s+&\s+", m["items"]) if i.strip()]
        verb = m["verb"]
        return [item if item.split()[0] in EN_BASE_VERBS or item.split()[0].endswith("ed") else f"{verb} {item}"
                for item in items] if len(items) > 1 else []
    m = _KO_LISTED.fullmatch(reference)
    if m is None:
        return []
    items = [i.strip() for i in _KO_JOINER.split(m["items"]) if i.strip()]
    return [f"{item} {m['verb']}" for item in items] if len(items) > 1 else []


_BEGUN = re.compile(r"시작|착수|개시|\b(?:start|started|begin|began|begun)\b", re.IGNORECASE)


def only_begun(reference: str, desc: str) -> bool:
    """A deed begun is not a promise kept: "보고서 시작했어" (reference "보고서 시작하기") for "보고서 끝내기" (the forty-second
    session: marked done). Only a promise to begin it ("운동 시작하기") is closed by its beginning."""
    return bool(_BEGUN.search(reference)) and not _BEGUN.search(desc)


# Korean deeds that are one ("엄마랑 통화했어" keeps "엄마한테 전화하기"), and deeds that finish any task ("보고서 끝냈어")
_KO_SAME_DEEDS = tuple(frozenset(group.split()) for group in (
    "전화하기 통화하기 연락하기 전화걸기", "내기 제출하기 보내기 송부하기 전송하기 부치기", "사기 구매하기 구입하기 주문하기",
    "쓰기 작성하기 적기", "예약하기 잡기 예매하기", "가기 다녀오기 갔다오기 들르기", "돌려주기 반납하기 갖다주기",
    "고치기 수리하기 손보기", "치우기 정리하기 청소하기", "먹기 복용하기 챙겨먹기", "내기 납부하기 결제하기 이체하기 송금하기"))
_KO_ANY_DEED = frozenset("하기 끝내기 마치기 완료하기 마무리하기 해치우기 처리하기 해결하기 끝나기".split())
# a due moved, not a task done: "보고서 월요일까지로 연장됐어" read as done (the forty-second session)
_KO_MOVED = re.compile(r"(?:연장|연기|변경)(?:되|하)기$|(?:미뤄|늦춰|당겨)지기$|(?:미루|늦추|옮기|바꾸|바뀌)기$")


def ko_other_deed(reference: str, desc: str) -> bool:
    """A Korean deed that is not the promise's: "보고서 다 썼어" (쓰기) for "보고서 내기", "밥한테 문자 보냈어" for "밥한테
    전화하기" (the forty-second session: each marked done). Asked about, not applied; the same deed said otherwise
    (통화했어 for 전화하기) and deeds that finish any task (끝냈어, 다 했어) are no other deed."""
    mine, theirs = reference.split(), desc.split()
    if not mine or not theirs or reference.isascii() or desc.isascii():
        return False
    own, their = mine[-1], theirs[-1]
    if not (own.endswith("기") and their.endswith("기")) or own == their or own in _KO_ANY_DEED:
        return False
    if len(mine) >= 2 and f"{mine[-2]}{own}" == their:   # "전화 하기" for "전화하기"
        return False
    noun = re.sub(r"(?:하기|시키기|되기|기)$", "", their)
    if len(noun) >= 2 and noun in reference:   # "강아지 산책 다녀왔어" for "강아지 산책시키기": the deed's noun said
        return False
    # only deeds the table knows are told apart: Korean says one deed many ways ("예약 잡았어" for "예약 잡아 놓기",
    # "병원 다녀왔어" for "병원 데려가기"), and an unknown pair is left to the rules as before
    mine_groups = {i for i, group in enumerate(_KO_SAME_DEEDS) if own in group}
    their_groups = {i for i, group in enumerate(_KO_SAME_DEEDS) if their in group}
    return bool(mine_groups and their_groups) and not mine_groups & their_groups


def ko_due_moved(reference: str, desc: str) -> bool:
    """"연장됐어", "다음 주로 미뤘어", "회의 다음 주로 옮겼어": the due moved; the task is not done (unless moving is
    the task itself: "짐 옮겼어" for "짐 옮기기")."""
    m = _KO_MOVED.search(reference)
    return m is not None and not desc.endswith(m.group(0))


def other_deed(reference: str, desc: str) -> bool:
    """An English deed done to a promise's thing that is not the promise's deed: "I renewed the gym
    membership" for "cancel the gym membership", "I sold the car" for "wash the car", "I went to the
    dentist" for "call the dentist" (pass 19). The closing is asked about, not applied. Verbs that say
    any task is done ("handled", "sorted", "finished") and words for the same deed are no other deed."""
    mine, theirs = reference.split(maxsplit=1), profile(desc).content
    verb = _verb(theirs)
    if not mine or not reference.isascii() or verb is None or not verb.isascii():
        return False
    own = mine[0].lower()
    if own not in EN_BASE_VERBS or english_key(own) in _ANY_DEED or english_key(verb) in _ANY_DEED:
        return False
    if len(mine) > 1 and not en_verb(verb.lower()) \
            and all(any(words_match(w, r) for r in mine[1].lower().split()) for w in theirs):
        # "i signed the permission slip" for "permission slip, by Friday" (the sixty-fourth session's parent: "Do you mean
        # permission slip?"): a thing kept by its name alone has no deed of its own to differ from
        return False
    if desc.lower().startswith(("have ", "get ")) and any(same_word(own, w) for w in theirs):
        return False                   # "I washed the car" for "have the car washed": its deed is the washing
    return not same_word(own, verb)


def deed_as_thing(reference: str, desc: str) -> bool:
    """"I sent the text" names the deed of "text Bo" by its noun (as "the email" does "email Sam", "the
    call" "call mom"): a reference that names one promise's thing may mean another's deed."""
    verb = _verb(profile(desc).content)
    nouns = re.findall(r"\b(?:the|a|an|that|this|my|your|his|her|their|our)\s+([\w'-]+)", reference.lower())
    return verb is not None and verb.isascii() and any(words_match(w, verb) for w in nouns)


def reference_score(reference: str, desc: str) -> float:
    """How well the words a user names a promise with ("Sam the slides", "비행기표 예매", "the car
    insurance") point at a description: 1.0 for the same promise (`same_loop`), else the share of the
    reference's content words that match a description word up to inflection (`words_match`), 0 when
    below REFERENCE_SHARE or when only the verb matches ("called mom" does not name "call my grandmother":
    the thing done must match, not just the doing)."""
    return _reference_match(reference, desc)[0]


def ko_bare_deed(reference: str, descs: Sequence[str]) -> int | None:
    """"다 쌌어" (the sixty-second session: "할 일 목록에 없던 일이라 …" with "출국 전날 짐 싸기" open): a Korean deed said
    with no thing ("싸기") names the one open promise whose deed it is, the last word of its description; None when
    none or more than one is ("다 샀어" with two things to buy: asked, as before)."""
    if not reference.endswith("기") or " " in reference or len(reference) < 2 or reference in ("하기", "다녀오기"):
        return None
    deeds = [i for i, desc in enumerate(descs) if desc.split()[-1:] == [reference] and len(desc.split()) > 1]
    return deeds[0] if len(deeds) == 1 else None


def best_reference(reference: str, descs: Sequence[str]) -> int | list[int] | None:
    """The description `reference` names: its index. Among equal scores the description most fully named
    wins ("the quarterly report" names "quarterly report" before "send the quarterly report"); a list of
    indexes when that still ties (ask the user which); None when none is named."""
    scores = [_reference_match(reference, desc) for desc in descs]
    best = max(scores, default=(0.0, 0.0))
    if best[0] <= 0.0 and (subject := state_subject(reference)):
        return best_reference(subject, descs)
    if best[0] <= 0.0:
        return None
    tops = [i for i, score in enumerate(scores) if score == best]
    return tops[0] if len(tops) == 1 else tops


_EN_WHOSE = frozenset("my our your his her their its".split())


def owned_named(reference: str, descs: Sequence[str]) -> int | None:
    """The one description whose someone's thing the reference names without saying whose: "the drill" of "return
    Tom's drill" (the forty-ninth session: "when is the drill due?" went to the model, which made a due up). Not for
    closing: `best_reference` keeps "the kids" from "the neighbour's kids" there. None when the reference says whose
    ("my passport" is not "my wife's passport") or when more than one description holds the thing."""
    mine = profile(reference)
    if owners(mine) or any(w in _EN_WHOSE or w.endswith(("'s", "'")) for w in mine.words) or not mine.content:
        return None
    found = [i for i, desc in enumerate(descs)
             if any(any(words_match(w, owned) for w in mine.content) for _, owned in owners(profile(desc)))
             and all(any(words_match(w, v) for v in profile(desc).content) for w in mine.content)]
    return found[0] if len(found) == 1 else None


def _a_doer(word: str) -> bool:
    """A person as a Korean subject: 할머니께서, 엄마가, 준이가 (a name with its 이), 사장님가; a thing with
    가 (월세가, 휴가) is no doer, and neither, for want of a list of names, is a bare name (지우가)."""
    if word.endswith("께서"):
        return len(word) > 2
    if word.endswith("이") and word[:-1].endswith(("분", "님", "씨")) and len(word) >= 2:
        return True                    # "시어머니 될 분이 알아서 하신대"
    if not word.endswith("가") or len(word) < 3:
        return False
    person = word[:-1]
    return person in KO_PEOPLE or person.endswith(("이", "님", "씨"))


def done_by_the_other_side(reference: str, desc: str) -> bool:
    """"민수가 전화했어" of "민수한테 전화하기": the person the promise is to (한테, 에게, 께) is the one who did
    it (called the user), so the user's own deed is not said: asked about, not closed (pass 35: closed)."""
    for word in reference.split():
        m = re.fullmatch(r"([가-힣]+?)(?:이가|께서|가|이)", word)
        # (께서 says a person, so the name alone will do: "할머니께 전화드리기" is kept as "할머니 전화드리기")
        to_them = r"(?:\s|$)" if word.endswith("께서") else r"(?:이)?(?:한테|에게|께)"
        if m is not None and re.search(rf"(?:^|\s){re.escape(m[1])}{to_them}", desc):
            return True
    return False


def without_doer(reference: str) -> str:
    """A reported deed's reference without its doer ("준이가 숙제" -> "숙제"): whoever did it names no
    promise; the reference as it was when nothing else is left."""
    words = reference.split()
    kept = [w for w in words if w.isascii() or not _a_doer(w)]
    if len(kept) < len(words) and all(w in _GENERIC for w in kept):
        return ""                      # "손님이 예약 취소한대": the customer's booking, no task of the user's
    return " ".join(kept) if kept else reference


_TAKE_ON = frozenset(english_key(w) for w in "handle do take sort deal cover".split())


def same_deed(reference: str, desc: str) -> bool:
    """Does the deed someone else takes on ("call the insurance company", "handle the tires") name the
    promise's own deed: the same verb or its synonym, or a verb for any deed ("handle")? "My sister is
    going to move out" is not "help my sister move out"."""
    said = reference.split(maxsplit=1)[0].lower() if reference.strip() else ""
    verb = _verb(profile(desc).content)
    return bool(said and verb and (english_key(said) in _TAKE_ON or same_word(said, verb)))


def gives(desc: str) -> bool:
    """A promise to give something to someone ("send Daniel the photos", "mail the ginseng to Aunt Grace")."""
    verb = _verb(profile(desc).content)
    return bool(verb and desc.isascii() and english_key(verb) in {english_key(v) for v in EN_GIVING_VERBS})


def particle_state(clause: str) -> str | None:
    """The particle of a state said of a thing ("the tires are on" -> "on"), or None."""
    m = EN_PARTICLE_STATE.match(clause.strip().lower()) if clause.isascii() else None
    return m["state"] if m else None


def with_particle(particle: str | None, descs: Sequence[str]) -> list[str]:
    """For a particle state ("the tires are on", "the recycling's out"): only the descriptions that say
    the same particle ("put the winter tires on"), the others blanked; no particle: `descs`. "The lights
    are on" does not close "turn the lights off"."""
    if particle is None:
        return list(descs)
    return [desc if particle in desc.lower().split() or particle == "in" and _HANDED_IN.match(desc.lower()) else ""
            for desc in descs]


# "the expense report is in", "my application's in": handed in, so a promise to submit or file it (the sixty-fifth
# session's fortnight: "That wasn't on your agenda", the report left open)
_HANDED_IN = re.compile(r"(?:submit|file|lodge|send|email|e-mail|mail|post|turn|hand|get|put)\b")


def state_subject(reference: str) -> str:
    """What a state is said of: "Chicken's thawing on the counter already" -> "Chicken", "the laundry's
    already out" -> "laundry"; "" when the reference is no state ("call the bank")."""
    m = _STATE_SUBJECT.match(reference.strip())
    if m and m[0].rstrip().endswith("'s") and _owned_after(reference.strip()[m.end():]):
        return ""   # "call Bob's mom": whose mom, not "call Bob is …" (pass 35: "I called Bob's mom" closed "call Bob")
    return m["x"] if m and not _UNSURE.search(reference) else ""


# What may follow a subject's "'s" when it is "is" ("the oven's fine", "the car's ready"), beside a verb's forms
_STATE_WORDS = frozenset("ready done fine ok okay good great finished over sorted gone here there in out back off on up "
                         "paid due late open closed full empty clean broken set booked fixed all safe home away free busy "
                         "taken handled covered already still now not no just".split())


def _owned_after(rest: str) -> bool:
    """The words after an "'s" start with a thing owned ("mom", "office", "boss"), not a state ("running",
    "ready", "in the dryer")."""
    words = profile(rest).words
    return bool(words) and words[0].isascii() and not en_verb(words[0]) and words[0] not in _STATE_WORDS \
        and profile(words[0]).content != []


_COPULA = re.compile(r"\b(?:is|are|was|were)\s+", re.IGNORECASE)


def restates_done(sentence: str, desc: str) -> bool:
    """"Okay, the laundry's in the dryer" for "move the laundry to the dryer", "Dishwasher's running"
    for "run the dishwasher", "the signed agreement is on the portal now" for "upload the signed NDA to
    the client portal": an English statement of a state ("X is / X's ...") that holds two words of the
    description besides its verb and at least half of them, with no doubt in it (not, still, will,
    should, ?, broken, a mess). A state is how people often say a task is done; one word in common ("the
    dishwasher is broken") is not enough."""
    state = _STATE.match(sentence) if sentence.isascii() else None
    if state is None or _UNSURE.search(sentence):
        return False
    starts = {start for start, _ in time_spans(sentence)}
    if any(m.end() in starts for m in _COPULA.finditer(sentence)):
        return False   # "the grandson's birthday was last week": when a thing was, not a task's state
    if _names_what_it_is(sentence):
        return False   # "mom's blood pressure medicine is lisinopril": a fact, not "refill mom's … prescription" done
    said, theirs = profile(sentence).content, profile(desc).content
    if _someone_elses(profile(sentence), theirs):
        return False
    verb = _verb(theirs)
    matched = {v for v in theirs if any(same_word(w, v, deed=v == verb or _ko_deed_form(v)) for w in said)}
    named, rest = matched - {verb}, set(theirs) - {verb}
    return len(matched) >= 2 and rest <= matched or len(named) >= 2 and 2 * len(named) >= len(rest)


_PLACE_WORDS = frozenset("in on at with by under inside outside into onto near behind beside next from to off out up "
                         "down over back away home here there".split())
# what a thing is called or is, said after its last copula: "is lisinopril", "is Biscuit", "is a beagle", "is 212"
_WHAT_IT_IS = re.compile(r"\b(?:is|are|was|were)\s+(?P<what>(?:an?\s+)?[\w.-]+(?:\s+[\w.-]+){0,2}?)\W*$", re.IGNORECASE)


def _names_what_it_is(sentence: str) -> bool:
    """The sentence says what a thing is, not a state it is in (the fifty-seventh session: "mom's blood pressure
    medicine is lisinopril" marked "refill mom's blood pressure prescription" done): one to three words after the
    last "is / are / was / were", "a …" or a number or a word that is no verb form, state word or place word."""
    m = _WHAT_IT_IS.search(sentence)
    if m is None:
        return False
    words = m["what"].lower().split()
    if words[0] in ("a", "an") or words[0][:1].isdigit():
        return True
    return not any(en_verb(w) or w in _STATE_WORDS or w in _PLACE_WORDS or w.endswith(("ed", "en")) for w in words)


def _someone_elses(said, theirs: Sequence[str]) -> bool:
    """The "'s" is a possessive that makes the one on the agenda the owner of someone or something else: "Bob's
    mom called", "email Sue's boss on Friday", "buy milk's cheaper at Costco" against "call Bob", "email Sue",
    "buy milk" (pass 35: each "Marked done", read as a state of the promise's own thing). A state word after it
    ("the car's washed", "dishwasher's running") or a word the description has ("Bob's call is done") is no
    other owned thing."""
    for owner, owned in owners(said):
        if en_verb(owned) or owned in _STATE_WORDS or any(words_match(owned, v) for v in theirs):
            continue
        if any(words_match(owner, v) for v in theirs):
            return True
    return False


def best_covered(text: str, descs: Sequence[str]) -> int | None:
    """When a closing's own words name nothing ("never mind sending it back", "I don't need to"): the
    description whose words the whole utterance says most of, half at least and one that is not its
    verb ("I decided to keep the jacket, never mind sending it back" -> "return the jacket"); None when
    none or two tie."""
    said = set(profile(text).content)   # each word compared once: a turn and a promise of a word said 800 times
    scores = []                          # were 640,000 comparisons per promise (pass 53b: seconds of the desk)
    for desc in descs:
        theirs = profile(desc).content
        if not theirs or _other_owner(text, desc):
            scores.append(0.0)
            continue
        verb = _verb(theirs)
        matched = {v for v in set(theirs) if any(same_word(w, v, deed=v == verb or _ko_deed_form(v)) for w in said)}
        scores.append(len(matched) / len(theirs) if matched - {verb} and len(matched) * 2 >= len(theirs) else 0.0)
    best = max(scores, default=0.0)
    if best <= 0.0 or scores.count(best) > 1:
        return None
    return scores.index(best)
