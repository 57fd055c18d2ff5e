"""Promises moved: corrections of a due just said, shifts ("push it back a day"), a whole day moved."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Sequence
from datetime import datetime, time, timedelta

from jarvisd.openloop import (
    naming,
    phrases,
    repeats,
    rules,
)
from jarvisd.openloop.commitments import read_utterance
from jarvisd.openloop.corrections import (
    BARE_HOUR,
    bare_weekday,
    corrected_due,
    correction_target,
    day_of_month_said,
    deed_named,
    due_is,
    in_part,
    into_part,
    ko_clock_named,
    leading_order,
    named_words,
    only_a_time,
    part_named,
    part_only,
    split_order_tail,
    split_trailing_correction,
    taken_back,
)
from jarvisd.openloop.desk.state import (
    CONFIRM_SEC,
    PAST_GRACE_MS,
    SNOOZE_WINDOW_SEC,
    DeskBase,
    DeskReply,
    Focus,
    Guess,
    _joined,
)
from jarvisd.openloop.desk.words import (
    _DAY_BEFORE,
    _due_order,
    _named_in,
    _named_in_spaced_or_not,
    _promises_named,
    _reason,
    _without_owners,
)
from jarvisd.openloop.hangul import closed as ends_closed
from jarvisd.openloop.hangul import final, subject, topic
from jarvisd.openloop.intents import (
    clean,
    correction_time,
    match_intent,
)
from jarvisd.openloop.model import AgendaChange, LoopStatus, OpenLoop, after_link
from jarvisd.openloop.move_ties import move_tie
from jarvisd.openloop.shifts import Shift, asks_amount, bare_amount, read_shift
from jarvisd.openloop.tied_later import bare_thing, tied_later
from jarvisd.openloop.when import ImpossibleTime, resolve_time, time_spans

log = logging.getLogger(__name__)

# a "no," then up to four words (`_correction_unheard`); the first word of a "no" that changes nothing: "no, thanks",
# "no worries", "no, that's fine", "no, I'm good", "no, never mind", "no, not yet"
_EN_NO_THEN = re.compile(r"(?:no|nope|nah|not\s+quite|wrong|that'?s\s+wrong)\s*[,.!]\s*(?P<rest>[a-z0-9']+(?:\s+[a-z0-9']+){0,3})")
_NOT_A_CHANGE = frozenset("""thanks thank thx worries problem problems never nothing that's thats it's its i'm im i we you
all ok okay good fine sorry way not wait don't dont please sir ma'am""".split())
UNHEARD_SEC = 120   # the turn right after the promise was kept, or the next one

# "not 8, I mean 9": the time taken back, not a clause of its own (pass 27: "I mean 9" moved the promise said
# last, not the one due at 8)
_NOT_A_TIME = re.compile(rf"\W*(?:(?:no|nope|wait|sorry|actually)\W+)*not\s+{BARE_HOUR.pattern}\s*(?:[ap]\.?m\.?)?\W*",
                         re.IGNORECASE)


# where one utterance may hold a promise and a shift of a due: a sentence's or clause's end, or "and"
_CLAUSE_BREAK = re.compile(r"[,.;!]+\s+(?:and\s+)?|\s+(?:and|그리고)\s+", re.IGNORECASE)


# a promise and a shift said together are two or three clauses ("I need to call Bob at 8pm, no wait, push it back an
# hour"); a turn of 2,000 commas was 2,000 splits, each half read whole (11 s of a worker, 67 s on a shared daemon)
_MOST_CLAUSE_BREAKS = 16


# "move everything from Friday to Saturday", "push all of Friday's stuff to Monday", "reschedule everything on the 15th to the
# 16th": one day's promises to another
_EVERY_FROM_DAY = re.compile(r"(?:(?:please|can\s+you|could\s+you)\s+)?(?:move|push|shift|reschedule|bump)\s+(?:everything|all(?:\s+of)?(?:\s+my)?"
                             r"(?:\s+(?:stuff|things|tasks|plans))?)\s+(?:(?:from|on|for)\s+)?(?P<a>[\w' ]{2,40}?)(?:'s\s+(?:stuff|things|"
                             r"tasks|plans))?\s+(?:to|till|until|onto)\s+(?P<b>[\w' ]{2,40}?)(?:\s+(?:please|instead))?")


def _past(said: str, desc: str, lang: phrases.Lang) -> str:
    """A correction into the past moves nothing (pass 15: the promise moved to yesterday was closed as
    expired by the next agenda read, with "Updated: …, now by yesterday")."""
    if lang == "ko":
        return f"{said}{topic(said)} 이미 지났어요. {desc}의 기한은 그대로예요."
    said = said[:1].upper() + said[1:]
    return f"{said} has already passed: {phrases.second_person(desc)} keeps its due. When should it move to?"


# an order to move something named ("move the dentist to Thursday"), not "move it" (the one in focus)
_MOVE_ORDER = re.compile(r"(?:(?:please|can\s+you|could\s+you|jarvis)[\s,]+)*(?:move|push|reschedule|postpone|shift|bump|delay)\s+"
                         r"(?!(?:it|that|this|them|everything|all)\b)")

# "오토바이 정비 금요일로 미뤄줘" with no such thing kept (the sixty-sixth session: to SmolLM2): said so, as in English
_KO_MOVE_ORDER = re.compile(r"(?:로|으로)\s?(?:미뤄|옮겨|바꿔|당겨|앞당겨|늦춰|연기해)\s?(?:줘|주세요|줄래|줄래요|줘요)[.!?]?$")
_KO_NO_NAME = re.compile(r"(?:그거|그것|이거|이것|그건|이건|저거|그|이|다|전부|모두|모든|일정|약속)(?:\s|$|을|를|은|는)")


def _move_named(said: str, name: str, descs: Sequence[str]) -> int | list[int] | None:
    """The promise a move names, by `said` (its words but the time) or, in Korean, by the words of `name`: its index,
    the indexes of the ones it names alike (asked which: "move the call to Saturday" with two calls open, "전화 한 시간
    미뤄줘" with two 전화), or None. One rule for corrections and shifts."""
    alike = deed_named(said, descs)
    if len(alike) > 1:
        return alike
    found = correction_target(said, descs)
    if found is None and any("'s" in desc for desc in descs):
        # "push the doctor to Wednesday" of "doctor's appointment": its owner's 's unsaid (the fifty-first session: to
        # SmolLM2); read as the possessive's noun, as "when's the doctor?" is (`_promises_named`)
        plain = _without_owners(descs)
        found = correction_target(said, plain) if plain != list(descs) else None
    if found is None and (alike := _named_in(name, descs)):
        return alike if len(alike) > 1 else alike[0]
    return found


# "I need to call Bob at 9pm instead": a time said in place of the open one's, which is not said
# "everything", "all my tasks", "all of it", "오늘 일정 다", "전부": every promise of the day, moved together
_EVERYTHING = re.compile(r"(?:(?:everything|all(?:\s+of\s+(?:it|them|that))?|all\s+(?:of\s+)?(?:my|the|today's)\s+(?:tasks|reminders|things|"
                         r"promises|appointments|to-?dos|stuff|plans|meetings|calls)|my\s+whole\s+day|the\s+whole\s+day)"
                         r"(?:\s+(?:today|for\s+today|on\s+my\s+(?:list|agenda)|this\s+(?:morning|afternoon|evening)))?"
                         r"|(?:오늘\s*)?(?:일정|할\s*일|약속)?\s*(?:을|를)?\s*(?:다|전부|모두|싹\s*다))")


_SNOOZED = re.compile(r"\bsnooze\b", re.IGNORECASE)


_KO_IT = re.compile(r"^(?:그거|그건|그걸|그것|그것을|이거|이건|이걸|저거|저건)\s+")


_KO_NAMED_TIME = re.compile(r"(?P<name>[가-힣A-Za-z0-9]+(?:\s+[가-힣A-Za-z0-9]+)?)\s*(?:은|는)\s+(?P<time>.+?)\s*"
                            r"(?:이야|야|이에요|예요|이래|래|이래요|래요|입니다|이라고\s*했어|(?:으로|로)\s*잡혔어(?:요)?)")


# (the words kept as evidence have the day said: "위생점검 2026년 12월 14일 냉장고 청소해야돼", `front._ko_other_day`)
_KO_DAY_BEFORE_SAID = re.compile(r"(?P<x>[가-힣]{2,8}(?:\s[가-힣]{2,8})?)\s?(?:전\s?날(?![가-힣])|\d{4}년\s\d{1,2}월\s\d{1,2}일)")
# "면접 오전 열시래", "삼성 면접 오전 10시야" (the sixty-fifth session: SmolLM2 said "면", the interview left a day's): the
# name with no topic particle, then its time, then the copula (as heard or not)
_KO_BARE_NAMED_TIME = re.compile(r"(?P<words>[가-힣A-Za-z0-9]{1,12}(?:\s[가-힣A-Za-z0-9]{1,12}){1,5}?)\s?"
                                 r"(?:이야|야|이에요|예요|이래|래|이래요|래요|입니다)")


def _ko_bare_named_time(text: str) -> dict[str, str] | None:
    """{"name", "time"}: the first one or two words naming, the rest only a time; or None."""
    m = _KO_BARE_NAMED_TIME.fullmatch(text)
    if m is None:
        return None
    words = m["words"].split()
    for k in (1, 2):
        name, when = " ".join(words[:k]), " ".join(words[k:])
        if when and only_a_time(when) and not time_spans(name):
            return {"name": name, "time": when}
    return None


# "전입신고 이사하고 2주 안에", "보험 청구 퇴원하고 3일 안에": a thing, another deed, and how long after it
_KO_AFTER_ANOTHER = re.compile(r"(?P<thing>[가-힣][가-힣 ]{0,20}?)\s+(?P<other>[가-힣]{1,8}?)(?:하고|한\s?(?:뒤|후|다음)에?)\s?"
                               r"(?P<n>\d{1,2}|[한두세네])\s?(?P<unit>주일|주|일)\s?(?:안에|이내에?|내에?|안으로)")


_KO_FEW = {"한": 1, "두": 2, "세": 3, "네": 4}


def _named_before(other: str, descs: Sequence[str]) -> int | None:
    """The one description naming the deed `other` ("이사" in "이삿짐 센터": its syllable with a final ㅅ added too)."""
    stems = {other}
    if other and final(other[-1]) == 0:
        stems.add(other[:-1] + chr(ord(other[-1]) + 19))   # 사 -> 삿 (ㅅ is final 19)
    hits = [i for i, desc in enumerate(descs) if any(word.startswith(tuple(stems)) for word in desc.split())]
    return hits[0] if len(hits) == 1 else None


class Moving(DeskBase):
    """Promises moved: corrections of a due just said, shifts ("push it back a day"), a whole day moved."""

    def _due_after_another(self, text: str, session: str) -> DeskReply | None:
        """"전입신고 이사하고 2주 안에" (the sixtieth session's low: to SmolLM2): a thing due so long after another
        promise. Kept by that promise's day plus the span when the agenda has it with a due, else with no due, and
        said so; nothing else of the words is read."""
        m = _KO_AFTER_ANOTHER.fullmatch(clean(text).rstrip(" .!"))
        if m is None:
            return None
        n = int(m["n"]) if m["n"].isdigit() else _KO_FEW[m["n"]]
        days = n * {"주": 7, "일": 1, "주일": 7}.get(m["unit"], 0)
        opened = [loop for loop in self.service.agenda() if loop.due_ms is not None]
        other = _named_before(m["other"], [loop.desc for loop in opened])
        thing, tz = m["thing"].strip(), self.service.tz
        if other is not None and days:
            day = phrases.due_day(opened[other].due_ms or 0, tz) + timedelta(days=days)
            due_ms = int(datetime.combine(day, time(23, 59), tzinfo=tz).timestamp() * 1000)
            loop = self.service.add(thing, due_ms, session, evidence=text)
            if opened[other].repeat is None:   # moved with it (after68)
                loop = self.service.tie(loop.id, f"{opened[other].id}:{days}")
            self._remember(session, loop, self.service.now_ms())
            due = phrases.spoken_due(due_ms, self.service.now_local(), tz, "ko")
            before = opened[other].desc
            then = phrases.spoken_due(opened[other].due_ms or 0, self.service.now_local(), tz, "ko").removesuffix("까지")
            return DeskReply(f"적어 둘게요: {thing}, {due}. {before}{subject(before)} {then}{'이라서' if ends_closed(then) else '라서'} "
                             f"그 {n}{m['unit']} 뒤로 잡았어요.", "ko", change=AgendaChange(opened=(loop,)))
        loop = self.service.add(thing, None, session, evidence=text)
        self._remember(session, loop, self.service.now_ms())
        return DeskReply(f"적어 둘게요: {thing}. {m['other']} 날짜를 몰라서 기한은 비워 뒀어요. {m['other']} 날짜를 알려 주시면 "
                         f"기한을 정해 둘게요.", "ko", change=AgendaChange(opened=(loop,)))

    def _correction_unheard(self, text: str, session: str, lang: phrases.Lang) -> DeskReply | None:
        """"No, sir's sake." (Whisper base's hearing of "No, Thursday." just after "… before Friday" was kept; daemon
        run s66/conv1 turn 6: SmolLM2 said "I'm sorry, sir." after 4 s): a "no," and a few words no reader took, said
        within UNHEARD_SEC of a promise kept or moved, is a correction not heard. Asked again, nothing changed."""
        if lang != "en" or text.rstrip().endswith("?") or (m := _EN_NO_THEN.fullmatch(clean(text))) is None \
                or m["rest"].split()[0] in _NOT_A_CHANGE:
            return None
        now_ms = self.service.now_ms()
        focus = self._recent_focus(session, now_ms)
        loop = self._open(focus.loop_id) if focus is not None and now_ms - focus.at_ms <= UNHEARD_SEC * 1000 else None
        if loop is None:
            return None
        return DeskReply(f"Sorry, I didn't catch what to change about {loop.desc}. Say it again, like \"no, Thursday at "
                         f"3\", or say \"undo that\".", lang, intent="confirm")

    def _correction(self, text: str, session: str, lang: phrases.Lang) -> DeskReply | None:
        """"No, Thursday", "make it 4 pm", or a time alone ("at 5 pm", answering "when is it due?")
        moves the due of the promise captured a moment ago in this session."""
        cued = correction_time(text)
        if cued is not None:        # "그거 목요일로 옮겨줘": "it" names the promise in focus, as "move it to Thursday"
            cued = _KO_IT.sub("", cued) or cued
        words = cued or text
        now_ms = self.service.now_ms()
        focus = self._correction_focus(session, now_ms)
        if cued is not None and (clocked := ko_clock_named(cued)) is not None:
            reply = self._clock_named_move(*clocked, focus, text, session, lang)
            if reply is not None:
                return reply
        focused = self._open(focus.loop_id) if focus is not None else None
        if focused is not None and focused.due_ms is None and cued is None and \
                (reply := self._times_of_a_day_answered(text, focused, focus, session, lang)) is not None:
            return reply
        if cued is not None:        # "wait, the 3rd" for a due on January 5: January 3
            words = day_of_month_said(cued, focused.due_ms if focused else None, self.service.now_local()) or words
        if only_a_time(words):
            loop = focused
            old = taken_back(clean(text), self.service.now_local()) if loop is not None else None
            if loop is not None and old is not None and not due_is(loop.due_ms, old):
                # "잠깐, 4시 말고 5시" after "call mom at 4" and "prepare the meeting at 3": the 4 o'clock one
                # moves, not the one said last (pass 25); two due then: asked; none: the one said last
                alike = [shown for shown in self.service.agenda(session) if due_is(shown.due_ms, old)]
                if not alike and old.day_said and not old.has_time and bare_weekday(clean(text)):
                    # "not Friday but Saturday" with rent due next Friday: the rent, the one due on a Friday
                    # (pass 27: the promise said last moved to Saturday)
                    alike = [shown for shown in self.service.agenda(session) if shown.due_ms is not None
                             and datetime.fromtimestamp(shown.due_ms / 1000, self.service.tz).weekday()
                             == old.at.weekday()]
                if len(alike) > 1:
                    return self._which_moves(alike, text, session, lang)
                loop = alike[0] if alike else loop
        elif part_only(words) and (cued is not None or re.match(r"(?:in|during|to)\s|[가-힣]+(?:에|으로|로)$", words.strip())):
            # (not a bare "Morning!": a greeting)
            # "no, in the morning", "아침으로 옮겨 줘" after "call Bob tomorrow at 8pm": 8 AM, the same day
            loop = focused
            if loop is None or loop.due_ms is None:
                return None
            due, part = datetime.fromtimestamp(loop.due_ms / 1000, self.service.tz), part_named(words)
            moved = into_part(due, part)
            if moved == due and not in_part(due, part):   # 3 PM or "by Friday" to the morning: which hour
                return DeskReply(phrases.which_hour(loop, part or "", lang), lang, intent="correct")
            return self._set_due(loop, int(moved.timestamp() * 1000), focus, session, lang)
        elif cued is not None and time_spans(words):
            # "no wait, I mean the vet on Saturday", "actually the passport renewal is November 3 instead":
            # a correction that names its promise moves that one
            shown, found = self._named_anywhere(session, lambda descs: _move_named(words, named_words(words), descs))
            if (listed := self._ko_listed(named_words(words), session)) is not None:
                shown, found = [listed], 0   # "두 번째 거 수요일로 미뤄 줘" right after a list was read out
            if isinstance(found, list):     # pass 15: "move the call to Saturday" moved the bank call, not asked
                return self._which_of(shown, found, text, session, lang)
            loop = shown[found] if found is not None else None
            if loop is not None and loop.due_ms is None and loop.desc.lower() not in words.lower() and \
                    (tie := move_tie(loop.evidence or "")) is not None and tie.its_due:
                return None   # "the car registration is due on january 20" after "renew the car registration a week
                # before it's due" (everyday74: the deed moved to the 20th): the thing due, kept and tied by the capture
            if loop is None and (_MOVE_ORDER.match(clean(text)) or lang == "ko" and _KO_MOVE_ORDER.search(clean(text))) \
                    and (name := " ".join(re.sub(r"\bsame\s+time\b", " ", named_words(words)).split())) \
                    and not _KO_NO_NAME.match(name):
                # "move the dentist to Thursday" with no dentist kept (daemon run 77: Whisper heard "interest
                # appointment"): said so, not SmolLM2's "I'm sorry for your loss"
                return DeskReply(phrases.not_found(name, lang), lang, intent="correct")
        else:               # "um, I have to pay the water bill by the 10th" is a new promise
            return None
        if loop is None and (only_a_time(words) or part_only(words)) \
                and (again := self._kept_again(focus, words, session, lang)) is not None:
            return again
        if loop is None and (only_a_time(words) or part_only(words)) \
                and (closed := self._told_closed(focus, lang)) is not None:
            return closed
        if loop is None:
            return None
        if _SNOOZED.search(text):   # "snooze it until Thursday": moved, and reminded then, even after "don't remind me"
            focus = Focus(loop.id, now_ms, remind=True)   # (pass 60b: moved, and still muted: no reminder came)
        return self._move(loop, words, focus, session, lang)

    def _times_of_a_day_answered(self, text: str, loop: OpenLoop, focus: Focus | None, session: str,
                                 lang: phrases.Lang) -> DeskReply | None:
        """"아침 여덟 시, 점심 한 시, 저녁 일곱 시" said right after "약을 하루에 세 번 먹어야 해요" was kept with no time
        (round 63's low: the first time moved it, and "아침 약 먹었어요" then closed the timeless one): the times said
        replace it, one daily promise each, as if said together ("매일 아침 8시, …에 약 먹기")."""
        if lang != "ko" or not repeats.times_a_day_said(loop.desc) or len(clocks := repeats.ko_times_only(text)) < 2:
            return None
        deed = repeats.without_times_a_day(loop.desc)
        said = f"매일 {', '.join(clocks)}에 {deed}" + (" 알려 줘" if focus is not None and focus.remind else "")
        if not read_utterance(said, self.korean).commitments:
            return None
        self.service.set_status(loop.id, LoopStatus.DISMISSED)
        return self.capture(said, session, lang)

    def _shift(self, text: str, session: str, lang: phrases.Lang) -> DeskReply | None:
        """"Push it back a day", "move the call up an hour", "30분 늦게": the due of the promise named, or of the
        one in focus, moved by the amount ("make it earlier" with no amount: asked by how much). Minutes or
        hours said as a snooze right after a reminder ("push it back an hour") stay a snooze."""
        words = clean(text)
        shift = read_shift(words)
        now_ms = self.service.now_ms()
        focus = self._correction_focus(session, now_ms)
        asked = self._asked_amount.pop(session, None)
        if shift is None and asked is not None and now_ms - asked[2] <= CONFIRM_SEC * 1000 \
                and (amount := bare_amount(words)) is not None:
            loop = self._open(asked[0])     # "30 minutes" to "How much earlier?": not a snooze (passes 31, 32)
            if loop is None or loop.due_ms is None:
                return DeskReply(phrases.closed_meanwhile(self._any(asked[0]), lang), lang, intent="correct")
            return self._shifted(loop, Shift(amount.minutes * asked[1], amount.days * asked[1]), focus, session,
                                 lang, now_ms)
        if shift is None:
            direction = asks_amount(words)
            loop = self._open(focus.loop_id) if direction and focus is not None else None
            if loop is None and direction and (closed := self._told_closed(focus, lang)) is not None:
                return closed
            if loop is None or loop.due_ms is None:
                return None
            self._asked_amount[session] = (loop.id, direction, now_ms)
            return DeskReply(phrases.how_much(direction, loop, lang), lang, intent="correct")
        spoken = self.last_reminder()
        # a snooze of the promise reminded, unless another was said since (pass 33: "push it back 2 hours" after
        # a new promise set a reminder on the one reminded a minute before, the new one unmoved)
        if not shift.is_days and spoken is not None and now_ms - spoken[1] <= SNOOZE_WINDOW_SEC * 1000 \
                and (focus is None or focus.loop_id == spoken[0]) \
                and (intent := match_intent(text)) is not None and intent.kind == "snooze":
            return None
        if shift.name and _EVERYTHING.fullmatch(shift.name):   # "push everything back an hour" (running late)
            return self._shifted_every(shift, session, lang, now_ms)
        if shift.name:
            shown, found = self._named_anywhere(session, lambda descs: _move_named(shift.name, shift.name, descs))
            descs = [loop.desc for loop in shown]
            if isinstance(found, list):     # "push the call back an hour" with two calls open
                return self._which_of(shown, found, text, session, lang)
            if found is None and isinstance(tied := naming.best_reference(shift.name, descs), list) \
                    and len({descs[i] for i in tied}) == 1:
                return self._which_of(shown, tied, text, session, lang)   # "call Pia" twice ("again"): which one
            loop = shown[found] if found is not None else None
            if loop is None and (intent := match_intent(text)) is not None and intent.kind == "snooze":
                # pass 31: "치과 한 시간 미뤄줘" naming nothing on the agenda was read as a snooze and set a
                # reminder on another promise (the one in focus): said instead, nothing changes
                return DeskReply(phrases.not_found(shift.name, lang), lang, intent="correct")
        else:
            loop = self._open(focus.loop_id) if focus is not None else None
            if loop is None and (closed := self._told_closed(focus, lang)) is not None:
                return closed
        if loop is None or loop.due_ms is None:
            return None             # nothing said a moment ago, or a promise with no time: a snooze or the model's
        return self._shifted(loop, shift, focus, session, lang, now_ms)

    def _day_moved(self, text: str, lang: phrases.Lang) -> DeskReply | None:
        """"Move everything from Friday to Saturday", "push all of Friday's stuff to Monday" (the fiftieth session: to
        the model, "I'm not sure what to do with it."): each open promise due that day moved to the other, at its own
        clock time, in one write (undo takes them all back). A repeating one stays, as in `_shifted_every`."""
        m = _EVERY_FROM_DAY.fullmatch(clean(text))
        if m is None:
            return None
        now, tz = self.service.now_local(), self.service.tz
        try:
            source, target = resolve_time(m["a"], now), resolve_time(m["b"], now)
        except ImpossibleTime as exc:
            return DeskReply(_reason(exc, lang), lang, intent="correct")
        if source is None or target is None or not source.day_said or not target.day_said:
            return None
        days = (target.at.date() - source.at.date()).days
        if days < 0 and bare_weekday(m["b"]):   # "push all of Friday's stuff to Monday": the Monday after, not before
            days += 7 * -(days // 7)
        moving = [loop for loop in sorted(self._open_to_do(), key=_due_order) if loop.due_ms is not None and loop.repeat is None
                  and phrases.due_day(loop.due_ms, tz) == source.at.date()]
        if not moving or days == 0:
            return DeskReply(phrases.day_list([], source.at, now, tz, lang), lang, intent="correct")
        def on_target_day(loop: OpenLoop) -> int:
            local = datetime.fromtimestamp((loop.due_ms or 0) / 1000, tz)
            return int(datetime.combine(local.date() + timedelta(days=days), local.time(), tzinfo=tz).timestamp() * 1000)

        return self._moved_each(moving, on_target_day, lang)

    def _moved_each(self, moving: Sequence[OpenLoop], due_of: Callable[[OpenLoop], int], lang: phrases.Lang) -> DeskReply:
        """Each of `moving` moved to `due_of(loop)`, its reminder with it, in one write (all of them, or none: a full disk
        is not half a day moved; undo takes them all back), and said."""
        with self.service.one_write():
            moved = [self.service.reschedule(loop.id, due_ms=(due_ms := due_of(loop)),
                                             remind_ms=rules.moved_reminder(loop.due_ms, loop.remind_ms, due_ms))
                     for loop in moving]
        return DeskReply(phrases.moved_every(moved, self.service.now_local(), self.service.tz, lang), lang,
                         change=AgendaChange(updated=tuple(moved), before=tuple(moving)), intent="correct")

    def _shifted_every(self, shift: Shift, session: str, lang: phrases.Lang, now_ms: int) -> DeskReply:
        """"Push everything back an hour", "postpone everything by a day", "오늘 일정 다 한 시간 미뤄 줘": each open promise
        due today moved by the amount, in one write (undo takes them all back). Minutes and hours move those with a
        clock time still ahead today (the ones already passed and the day's promises stay); days move all of today's.
        A repeating one stays: moved, its new clock time would hold for every day after (one late day is no new habit)."""
        now, tz = self.service.now_local(), self.service.tz
        moving = []
        for loop in self._open_to_do():
            if loop.due_ms is None or loop.repeat is not None:
                continue
            local = datetime.fromtimestamp(loop.due_ms / 1000, tz)
            if local.date() != now.date() or (shift.minutes and (phrases.is_day_only(local) or loop.due_ms < now_ms)):
                continue
            moving.append(loop)
        if not moving:
            return DeskReply(phrases.nothing_to_shift(lang), lang, intent="correct")
        try:
            return self._moved_each(sorted(moving, key=_due_order), lambda loop: shift.applied(loop.due_ms or 0, tz, now_ms),
                                    lang)
        except ImpossibleTime as exc:
            return DeskReply(_reason(exc, lang), lang, intent="correct")

    def _shifted(self, loop: OpenLoop, shift: Shift, focus: Focus | None, session: str, lang: phrases.Lang,
                 now_ms: int) -> DeskReply:
        assert loop.due_ms is not None
        now, tz = self.service.now_local(), self.service.tz
        if shift.minutes and phrases.is_day_only(datetime.fromtimestamp(loop.due_ms / 1000, tz)):
            return DeskReply(phrases.no_clock_time(loop, now, tz, lang), lang, intent="correct")
        try:
            due_ms = shift.applied(loop.due_ms, tz, now_ms)
        except ImpossibleTime as exc:
            return DeskReply(_reason(exc, lang), lang, intent="correct")
        return self._set_due(loop, due_ms, focus, session, lang)

    def _shift_beside_promise(self, text: str, session: str, lang: phrases.Lang) -> DeskReply | None:
        """A promise and a shift in one utterance, in either order: "I need to call Bob tomorrow at 8pm, no wait,
        push it back an hour", "push the call back an hour, and I need to email Sue on Friday": each part
        answered in the order said (pass 31: the shift was dropped without a word, or kept as a promise
        "push it back a day", or as part of the email's description). None when no such split is heard."""
        for n, brk in enumerate(_CLAUSE_BREAK.finditer(text)):
            if n >= _MOST_CLAUSE_BREAKS:   # each split reads both halves whole: 2,000 commas were 2,000 reads (11 s)
                return None
            head, tail = text[:brk.start()].strip(), text[brk.end():].strip()
            if not head or not tail:
                continue
            if read_shift(clean(tail)) is not None and read_utterance(head, self.korean).commitments:
                first = self._answer(head, session, lang)
                if first is None or not first.change.opened:
                    return None
                return _joined(first, self._shift(tail, session, lang))
            if read_shift(clean(head)) is not None and read_utterance(tail, self.korean).commitments:
                return _joined(self._shift(head, session, lang), self._answer(tail, session, lang))
        return None

    def _named_anywhere(self, session: str, find: Callable[[list[str]], int | list[int] | None]
                        ) -> tuple[list[OpenLoop], int | list[int] | None]:
        """The open promises a move names (`find` over their descriptions): this session's first, else the user's
        other sessions' (pass 54e: "move the call to Friday" said by voice for a call made on the HUD went to the
        model, which on SmolLM2 said "I'm going to move the call to Friday" and nothing moved; closings look there
        since pass 38b)."""
        shown = self.service.agenda(session)
        found = find([loop.desc for loop in shown])
        if found is None and (others := [loop for loop in self.service.agenda() if loop.session != session]):
            other = find([loop.desc for loop in others])
            if other is not None:
                return others, other
        return shown, found

    def _which_of(self, shown: Sequence[OpenLoop], alike: Sequence[int], text: str, session: str, lang: phrases.Lang
                  ) -> DeskReply:
        """"Which one?" for the promises at `alike` in `shown`, the earliest due first."""
        options = sorted((shown[i] for i in alike), key=_due_order)
        return self._which_moves(options, text, session, lang)

    def _ko_time_of_named(self, text: str, session: str, lang: phrases.Lang) -> DeskReply | None:
        """"상담은 2시야", "치과는 4시 반이래": the time of one open promise named, said as what it is (the fifty-sixth
        session: to the model, and the consultation stayed a day's); None unless the words name one open promise."""
        m = _KO_NAMED_TIME.fullmatch(clean(text)) if lang == "ko" else None
        if m is None or not only_a_time(m["time"]):
            m = _ko_bare_named_time(clean(text)) if lang == "ko" else None
            if m is None:
                return None
        shown = self.service.agenda(session)
        # "다음 검진은 다음 주 화요일 오전 열 시야" (the sixty-fourth session: "그렇군요.", the check-up every four weeks
        # left with no day): the next of a repeating thing is that thing
        name = re.sub(r"^(?:다음|이번)\s+(?=\S)", "", m["name"])
        hits = _named_in(name, [loop.desc for loop in shown])
        if len(hits) != 1:
            return None
        return self._move(shown[hits[0]], m["time"], self._correction_focus(session, self.service.now_ms()), session,
                          lang)

    def _clock_named_move(self, old_words: str, name: str, new_words: str, focus: Focus | None, text: str,
                          session: str, lang: phrases.Lang) -> DeskReply | None:
        """"3시 회의 4시로 바꿔 줘": the promise due at the first time (and named by the words between, when they
        name one) moves to the second (the fifty-sixth session: the 3 o'clock said was read as the new time,
        "이미 내일 오후 3시예요"); None when no promise is due then or named so."""
        try:
            old = resolve_time(old_words, self.service.now_local(), due=True)
        except ImpossibleTime:
            return None
        if old is None:
            return None
        shown = self.service.agenda(session)
        alike = [loop for loop in shown if due_is(loop.due_ms, old)]
        named = [alike[i] for i in _named_in(name, [loop.desc for loop in alike])]
        # "5시 회의 6시로" with the meeting at 3: the one it names, to the new time (not to the time misremembered)
        alike = named or alike or [shown[i] for i in _named_in(name, [loop.desc for loop in shown])]
        if len(alike) > 1:
            return self._which_moves(alike, text, session, lang)
        if not alike:
            return None
        return self._move(alike[0], new_words, focus, session, lang)

    def _which_moves(self, options: Sequence[OpenLoop], text: str, session: str, lang: phrases.Lang) -> DeskReply:
        """"Which one: call Bob, or call Ann?": kept, so "the second one" or "Ann" moves that one (pass 25:
        the answer went to the model, and nothing moved)."""
        self._guesses[session] = Guess(options[0].id, LoopStatus.OPEN, self.service.now_ms(),
                                        tuple(loop.id for loop in options), fix=text)
        return DeskReply(phrases.which_one(options, lang, self.service.now_local(), self.service.tz), lang,
                         intent="correct")

    def _move(self, loop: OpenLoop, words: str, focus: Focus | None, session: str, lang: phrases.Lang, *,
              once: bool = False) -> DeskReply | None:
        """`once`: this time of a repeating promise only (`OpenLoopService.reschedule`)."""
        try:
            when = resolve_time(words, self.service.now_local(), due=True)
        except ImpossibleTime as exc:
            return DeskReply(_reason(exc, lang), lang, intent="correct")
        if when is None:
            return None
        due_ms = corrected_due(loop.due_ms, when, words, self.service.tz, self.service.now_local())
        if due_ms == loop.due_ms and loop.remind_ms is not None and not when.has_time and \
                (remind_ms := self._remind_at(due_ms, words, self.service.now_local())) not in (None, due_ms, loop.remind_ms):
            # "remind me to call the plumber tomorrow morning", then "actually make that tomorrow afternoon" (the
            # sixty-first session: "… is already by tomorrow; nothing changed", the reminder left at 9 AM): the day
            # stays, its reminder takes the part of the day said
            updated = self.service.reschedule(loop.id, remind_ms=remind_ms)
            self._remember(session, updated, self.service.now_ms(), remind=True)
            return DeskReply(phrases.remind_set(updated, remind_ms, self.service.now_local(), self.service.tz, lang), lang,
                             change=AgendaChange(updated=(updated,), before=(loop,)), intent="correct")
        return self._set_due(loop, due_ms, focus, session, lang, once=once)

    def _set_due(self, loop: OpenLoop, due_ms: int, focus: Focus | None, session: str, lang: phrases.Lang, *,
                 once: bool = False) -> DeskReply:
        now_ms = self.service.now_ms()
        if due_ms < now_ms - PAST_GRACE_MS:  # "move the passport renewal to yesterday": kept, and said why
            said = phrases.spoken_due(due_ms, self.service.now_local(), self.service.tz, lang)
            return DeskReply(_past(said, loop.desc, lang), lang, intent="correct")
        if due_ms == loop.due_ms:   # "push it back 0 days", "no, in the evening" for 8 PM (pass 31: "Updated")
            return DeskReply(phrases.unchanged_due(loop, self.service.now_local(), self.service.tz, lang), lang,
                             intent="correct")
        wants_reminder = loop.remind_ms is not None or (focus is not None and focus.remind)
        remind_ms = self._remind_at(due_ms) if wants_reminder else None
        if loop.remind_ms is not None and loop.due_ms is not None and loop.remind_ms < loop.due_ms:
            lead = rules.moved_reminder(loop.due_ms, loop.remind_ms, due_ms)   # "an hour before" the new time
            remind_ms = lead if lead is not None and lead > now_ms else remind_ms
        updated = self.service.reschedule(loop.id, due_ms=due_ms, remind_ms=remind_ms, once=once)
        self._remember(session, updated, now_ms, remind=wants_reminder)
        now = self.service.now_local()
        tied = self._moved_tied(loop, updated)
        along = self._moved_along(loop, updated)
        said = phrases.confirm_updated(updated, now, self.service.tz, lang)
        if tied or along:   # said as the promises kept "the night before" it always were ("Moved with it: …")
            said = f"{said} {phrases.moved_along([*(after for _, after in tied), *along], now, self.service.tz, lang)}"
        # "undo that" puts each tied one back too (`_times_back` of `before`)
        return DeskReply(said, lang, change=AgendaChange(updated=(updated, *(after for _, after in tied), *along),
                                                         before=(loop, *(was for was, _ in tied))), intent="correct")

    def _tied_later(self, text: str, lang: phrases.Lang) -> DeskReply | None:
        """"oh, and paying the deposit is the day before the move" with "pay the deposit" and "move, by Saturday" kept
        (after68 left it: "The day before the move is paid."): the deposit now due the day before the move, at its own
        clock time, and tied to it (`OpenLoop.after`), so it moves with the move; "undo that" puts it back."""
        if lang != "en" or (told := tied_later(text)) is None:
            return None
        other = self._one_named(told.other)
        loop = self._one_named(told.thing) or self._one_named(bare_thing(told.thing))
        if other is None or loop is None or other.id == loop.id or other.due_ms is None or other.repeat is not None \
                or loop.repeat is not None:
            return None
        tz = self.service.tz
        day = phrases.due_day(other.due_ms, tz) + timedelta(days=told.days)
        at = time(23, 59) if loop.due_ms is None else datetime.fromtimestamp(loop.due_ms / 1000, tz).time()
        due_ms = int(datetime.combine(day, at, tzinfo=tz).timestamp() * 1000)
        if told.days == 0 and loop.due_ms is None and other.due_ms is not None:
            due_ms = other.due_ms
        if due_ms <= self.service.now_ms():
            return None
        remind_ms = None if loop.remind_ms is None or loop.due_ms is None else loop.remind_ms + (due_ms - loop.due_ms)
        moved = loop if due_ms == loop.due_ms else self.service.reschedule(loop.id, due_ms=due_ms, remind_ms=remind_ms)
        tied = self.service.tie(moved.id, f"{other.id}:{told.days}")
        now = self.service.now_local()
        head = f"Got it: {phrases.second_person(tied.desc)} stays {phrases.spoken_due(due_ms, now, tz, lang)}" \
            if due_ms == loop.due_ms else phrases.confirm_updated(tied, now, tz, lang).rstrip(".")
        said = f"{head}, and moves with {phrases.second_person(told.other.lower())} from now on."
        return DeskReply(said, lang, change=AgendaChange(updated=(tied,), before=(loop,)), intent="correct")

    def _moved_tied(self, before: OpenLoop, moved: OpenLoop) -> list[tuple[OpenLoop, OpenLoop]]:
        """The promises due relative to `moved` (`OpenLoop.after`: "잔금 이사 전날까지", "return the van two days after
        the move"), each moved to its days from the new day at its own clock time, the link kept (after68): (as it
        was, as it is now). One whose new day has passed stays where it is."""
        if before.due_ms is None or moved.due_ms is None:
            return []
        tz = self.service.tz
        new_day = phrases.due_day(moved.due_ms, tz)
        same_day = new_day == phrases.due_day(before.due_ms, tz)
        out = []
        for loop in sorted(self.service.tied_to(moved.id), key=lambda loop: loop.due_ms or 0):   # said by day
            link = after_link(loop.after)
            if loop.due_ms is None or loop.id == moved.id or link is None:
                continue
            if link[1] == 0 and loop.due_ms == before.due_ms:
                # "clean the hood vents before the inspection", due at its moment: at its new moment (english69)
                due_ms = moved.due_ms
            elif same_day:
                continue
            else:
                at = datetime.fromtimestamp(loop.due_ms / 1000, tz)
                due_ms = int(datetime.combine(new_day + timedelta(days=link[1]), at.timetz()).timestamp() * 1000)
            if due_ms <= self.service.now_ms() or due_ms == loop.due_ms:
                continue
            remind_ms = None if loop.remind_ms is None else loop.remind_ms + (due_ms - loop.due_ms)
            out.append((loop, self.service.reschedule(loop.id, due_ms=due_ms, remind_ms=remind_ms, tied=True)))
        return out

    def _moved_along(self, before: OpenLoop, moved: OpenLoop) -> list[OpenLoop]:
        """The promises kept "the night (day, morning) before" `moved`, now the day before its new day at their own hour
        ("pack the night before the flight", then "the flight moved to the 21st": the sixty-first to sixty-second
        sessions' low, packing left on the old day). Read from each one's words as said (its evidence): no link is
        stored. Only a move of the day moves them."""
        if before.due_ms is None or moved.due_ms is None:
            return []
        tz = self.service.tz
        old_day, new_day = phrases.due_day(before.due_ms, tz), phrases.due_day(moved.due_ms, tz)
        if old_day == new_day:
            return []
        out = []
        for loop in self.service.agenda():
            m = _DAY_BEFORE.search((loop.evidence or "").rstrip(" .!"))
            # "위생점검 전날 냉장고 청소해야돼", then "위생 점검 수요일로 바뀌었대요" (the sixty-fifth session's café: the
            # cleaning left on Monday): the Korean day before, named spaced or not
            ko = _KO_DAY_BEFORE_SAID.search(loop.evidence or "") if m is None else None
            named = (m is not None and bool(m["x"]) and _promises_named(m["x"], [moved.desc]) == [0]) or \
                (ko is not None and _named_in_spaced_or_not(ko["x"], [moved.desc]) == [0])
            if loop.id == moved.id or loop.due_ms is None or not named or loop.after is not None or \
                    phrases.due_day(loop.due_ms, tz) != old_day - timedelta(days=1):
                continue
            at = datetime.fromtimestamp(loop.due_ms / 1000, tz)
            due = datetime.combine(new_day - timedelta(days=1), at.timetz())
            if due.timestamp() * 1000 <= self.service.now_ms():
                continue
            due_ms = int(due.timestamp() * 1000)
            remind_ms = None if loop.remind_ms is None else loop.remind_ms + (due_ms - loop.due_ms)
            out.append(self.service.reschedule(loop.id, due_ms=due_ms, remind_ms=remind_ms))
        return out

    def _trailing_correction(self, text: str, session: str) -> tuple[str, str, str] | None:
        """(what comes before, the correction, what comes after) when the utterance holds a correction of a
        promise: of one it names (said before, or earlier in the same utterance) or, when the correction is
        a time alone, of the promise just said ("I'll book the vet on Friday at 2pm, no wait, Saturday").
        What follows the correction's time is cut off when it adds a promise ("push rent to Monday and I
        need to call Jin tomorrow"; pass 15: the call took the rent's new day, the rent stayed). None
        otherwise: the whole utterance is read as one ("I have to call the bank, no later than Friday")."""
        split = split_trailing_correction(text) or leading_order(text)
        if split is None:
            return None
        head, fix = split
        tail = ""
        parts = split_order_tail(fix)
        if parts is not None and (not parts[1] or self._adds_promises(head, parts[1])):
            fix, tail = parts       # "push rent to Monday, thanks" moves rent too
        cued = correction_time(fix)
        if cued is None or not time_spans(cued):
            return None
        actions = [c.action for c in read_utterance(head, self.korean).commitments] if head else []
        if head and not actions and (only_a_time(correction_time(head) or head) or _NOT_A_TIME.fullmatch(head)):
            return None     # "no wait, 4pm, I mean 5pm": one correction whose first time is taken back (pass 25:
                            # two, the one said last moved to 4 PM, then to 5 PM)
        if only_a_time(cued):
            return (head, fix, tail) if actions or self._recent_focus(session, self.service.now_ms()) else None
        if correction_target(cued, actions) is not None:
            return head, fix, tail
        named = correction_target(cued, [loop.desc for loop in self.service.agenda()], fully=True)   # any session's
        return (head, fix, tail) if named is not None else None
