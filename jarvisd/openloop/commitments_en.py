"""English commitment and closure rules for one sentence (see `commitments` for the whole reading).

No tagger: a handful of regular expressions for the grammar of a promise ("I need to", "I told Sam
I'd", "remind me in two hours to") and a verb lexicon (`commitment_words`) for what comes after it.
Every rule works on the sentence lower-cased with its length kept, so a match's offsets cut the user's
own words, casing included, out of the sentence.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from jarvisd.openloop import commitment_words as W
from jarvisd.openloop.commitment_types import Closure, Commitment, SentenceReading, Span, cut

__all__ = ["read_sentence"]

_ADV = r"(?:\s+(?:" + "|".join(W.EN_ADVERBS) + r"))*"
_SUBJ = W.EN_SUBJECT
_CONTRACTED = (r"(?:'ll|'m\s+planning\s+(?:to|on)|'re\s+planning\s+(?:to|on)|'ve\s+got\s+to|'ve\s+gotta|'ve\s+to|'d\s+better|'m\s+going\s+to|'m\s+gonna|"
               r"'m\s+supposed\s+to|'re\s+going\s+to|'re\s+gonna|'re\s+supposed\s+to)")
_FULL = (r"(?:need\s+to|have\s+to|have\s+got\s+to|got\s+to|gotta|ought\s+to|should(?!\s+have\b|'ve)|"
         r"must(?!\s+have\b|'ve)|had\s+better|better|will|shall|(?:am|are)\s+going\s+to|(?:am|are)\s+gonna|"
         r"gonna|(?:am|are)\s+supposed\s+to|promise\s+to|plan\s+to|intend\s+to|(?:am|are)\s+planning\s+(?:to|on))")
# "I have a dentist appointment at 10": an appointment with a time is a promise to be there.
_EVENT_NOUNS = (r"(?:appointment|meeting|interview|exam|test|flight|call|class|lesson|session|reservation|"
                r"check-?up|deadline|presentation)")
_WILL_FUTURE = r"(?:'d|'ll|\s+would|\s+will|'m\s+going\s+to|\s+am\s+going\s+to|'m\s+gonna|\s+was\s+going\s+to)"

# Each rule: its kind and the expression whose end is where the action starts.
_TRIGGERS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("told", re.compile(_SUBJ + r"\s+(?:told|promised|assured)\s+(?P<who>[\w']+(?:\s+[\w']+){0,3}?)\s+"
                        r"(?:that\s+)?(?:i|we)" + _WILL_FUTURE + _ADV + r"\s+")),
    ("told", re.compile(_SUBJ + r"\s+(?:said|promised|agreed|decided|swore)(?:\s+that)?\s+(?:i|we)"
                        + _WILL_FUTURE + _ADV + r"\s+")),
    ("promise", re.compile(_SUBJ + r"\s+(?:promised|agreed|decided|committed|swore|volunteered)\s+to\s+")),
    ("wish", re.compile(_SUBJ + r"(?:'d|\s+would)(?:\s+really)?\s+(?:like|love)\s+to" + _ADV + r"\s+")),
    ("wish", re.compile(_SUBJ + _ADV + r"\s+(?:want\s+to|wanna|hope\s+to)" + _ADV + r"\s+")),
    ("wish", re.compile(_SUBJ + r"(?:'m|\s+am)\s+hoping\s+to\s+")),
    ("going", re.compile(_SUBJ + r"(?:'m|'re|\s+am|\s+are)" + _ADV + r"\s+going\s+to" + _ADV + r"\s+")),
    ("must", re.compile(_SUBJ + r"(?:" + _CONTRACTED + r"|" + _ADV + r"\s+" + _FULL + r")" + _ADV + r"\s+")),
    ("must", re.compile(r"^(?:need\s+to|have\s+to|gotta|got\s+to|must|should|gonna|going\s+to)\s+")),
    ("remind", re.compile(r"\bremind\s+me\b|\b(?:don'?t|do\s+not)\s+let\s+me\s+forget\b|"
                          r"\b(?:set|leave)\s+(?:a|me\s+a)\s+reminder\b")),
    ("note", re.compile(r"\b(?:make|take|leave)\s+(?:a|me\s+a)\s+note\b|\bnote\s+to\s+self\b|"
                        r"\bi\s+(?:must\s+not|mustn't|can't|cannot|shouldn't)\s+forget\b")),
    ("remind", re.compile(r"^(?:please\s+)?(?:(?:don'?t|do\s+not)\s+forget|remember|make\s+sure)\b")),
    ("must", re.compile(r"^let\s+me\s+(?:remember|make\s+sure|not\s+forget)\s+to\s+")),
    ("event", re.compile(_SUBJ + r"(?:'ve\s+got|\s+have\s+got|\s+have|'ve|\s+got)\s+(?:a|an|my|the|another)\s+"
                         r"(?=(?:[\w'-]+\s+){0,3}?" + _EVENT_NOUNS + r"\b)")),
    ("list", re.compile(r"\b(?:add|put)\s+(?=.+?\s+(?:to|on)\s+(?:my|the)\s+(?:to-?do|agenda|list|reminders))")),
)
# After "remind me": the words up to "to" / "about" / "that" may only be time words ("in two hours").
_REMIND_LINK = re.compile(r"[\s,:]*(?:(?P<pre>(?:[\w':.]+\s+){0,6}?))(?P<link>to|about|of|that|i|we)\b\s*")
_LIST_END = re.compile(r"\s+(?:to|on)\s+(?:my|the)\s+(?:to-?do\s+list|to-?dos?|agenda|list|reminders?)\b.*$")
# Where an action stops: a new subject, a reason, a condition, a clause of its own.
_ACTION_END = re.compile(
    r"\s*[;:]|,?\s+(?:because|since|cause|'cause|so\s+that|but|if|unless|when|while|once|whenever|"
    r"otherwise|or\s+else|and\s+then\s+(?:i|we)|so\s+(?:i|we)|(?:before|after|until|till)\s+(?:i|we|it|he|she|"
    r"they|you|my|the|our|his|her|their|work|lunch|dinner|breakfast|school|class|bed))\b|,?\s+(?:and\s+)?(?:i|we)(?:'|\s+(?!and\b))"
    r"|,\s+(?:so|then)\b|\s+(?:and|also)\s+(?:don't|do\s+not)\s+(?:let|forget)\b|\s+(?:remind|don't)\s+me\b"
    r"|,?\s+never\s*mind\b|,\s+forget\s+(?:about\s+)?(?:it|that)\b"
    r"|\s*,\s*(?:wait|sorry|no|i\s+mean|actually)\b\s*,")
_AND_VERB = re.compile(r"(?:,\s*(?:and\s+)?|\s+and\s+)(?:then\s+|also\s+)?(?=(?P<verb>[a-z]+)\s+[\w'])")
_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_FILLER_WORDS = re.compile(r"\b(?:um+|uh+|er|erm|hmm+)\b,?|,\s*you\s+know\s*,")
_STUTTER = re.compile(r"\b([\w']+)(?:\s+\1\b)+", re.IGNORECASE)     # "call the the bank"
_VAGUE = re.compile(r"\b(?:" + "|".join(re.escape(v) for v in W.EN_VAGUE_TIMES) + r")\b")
# Words before the task itself: "remember to", "try to", "go ahead and" ("I'll try to call her").
_SELF_NOTE = re.compile(r"^(?:(?:(?:not|never)\s+forget|remember|try|make\s+sure|be\s+sure)\s+to|try\s+and|"
                        r"go\s+ahead\s+and)\s+", re.IGNORECASE)
_NOT_THINK = re.compile(r"(?:n't|\bnot)\s+(?:think|believe)\s+(?:that\s+)?$|\b(?:don't|do\s+not|stop)\s+$")


@dataclass(frozen=True)
class _Trigger:
    kind: str
    start: int
    end: int                    # where the action starts
    who: str = ""               # "Sam" in "I told Sam I'd ..."
    link: str = "to"            # what follows "remind me": to / about / that


def _lower(sentence: str) -> str:
    """The sentence lower-cased, apostrophes made straight, with its length kept."""
    low = sentence.replace("’", "'").lower()
    if len(low) == len(sentence):
        return low
    return "".join(c if len(c.lower()) != 1 else c.lower() for c in sentence.replace("’", "'"))


_TOKEN_RE = re.compile(r"[\w']+|[^\w\s]")


def _body_start(low: str, start: int = 0) -> int:
    """Where the sentence (from `start`) begins once fillers ("um", "okay", "so", "Jarvis,") are skipped;
    at most a dozen tokens and a few spaces or commas are looked at, so a run of 4,000 commas costs little."""
    pos = start
    for k, m in enumerate(_TOKEN_RE.finditer(low, start)):
        if k >= 12:
            break
        if m.group(0) in W.EN_FILLERS or not m.group(0)[0].isalnum() or \
                m.group(0) == "no" and re.match(r"\s*(?:,|wait|actually)", low[m.end():m.end() + 12]):
            pos = m.end()
            continue
        break
    limit = min(len(low), pos + 16)
    while pos < limit and low[pos] in " ,":
        pos += 1
    return pos


def is_question(low: str, start: int) -> bool:
    """A question asks, it commits to nothing and closes nothing: a "?", or (a transcript drops the "?")
    an auxiliary before a subject ("do I need to", "did I send") or a question word before a verb."""
    if low.rstrip().endswith("?"):
        return True
    words = _WORD.findall(low, start)
    if len(words) < 2:
        return False
    first, second = words[0], words[1]
    if first in W.EN_QUESTION_AUX:
        return second in W.EN_PERSON_PRONOUNS or second in W.EN_DETERMINERS or second in ("there", "your")
    if first in W.EN_QUESTION_WH:
        return second in W.EN_QUESTION_AFTER_WH
    return first == "i" and second == "wonder"


def _triggers(sen: str, low: str, start: int) -> list[_Trigger]:
    """Every promise opener of the sentence, earliest first; an opener inside another's words is dropped
    (the "I'd" of "I told Sam I'd" is the told rule's own)."""
    found: list[_Trigger] = []
    for kind, pattern in _TRIGGERS:
        for m in pattern.finditer(low, start):
            if m.start() < start or (pattern.pattern.startswith("^") and m.start() != start):
                continue
            who = sen[m.start("who"):m.end("who")] if m.groupdict().get("who") else ""
            trigger = _Trigger(kind, m.start(), m.end(), who=who)
            if kind in ("remind", "note"):
                trigger = _remind_link(low, trigger)
            found.append(trigger)
    found.sort(key=lambda t: (t.start, -t.end))
    kept: list[_Trigger] = []
    for t in found:
        if not kept or t.start >= kept[-1].end:
            kept.append(t)
    return kept


def _remind_link(low: str, t: _Trigger) -> _Trigger:
    """"remind me (in two hours) to X" / "about X" / "that I need to X" (the inner promise carries it)."""
    if low[t.start:t.end].startswith("make sure"):
        m = re.compile(r"\s+(?:that\s+)?(?:i|we)\s+").match(low, t.end)
        return _Trigger(t.kind, t.start, m.end() if m else t.end, link="to")
    m = _REMIND_LINK.match(low, t.end)
    pre = _WORD.findall(m.group("pre") or "") if m else []
    if not m or any(w in W.EN_QUESTION_WH for w in pre) or pre[:1] and pre[0] in W.EN_BASE_VERBS:
        # "note to self, email the office about my visa": the order itself is the action
        first = _WORD.findall(low[t.end:t.end + 12])[:1]
        wh = bool(first) and first[0] in W.EN_QUESTION_WH   # "remind me what time it is": a question
        gap = re.compile(r"[\s:,-]*").match(low, t.end)       # "note to self: buy ink"
        return _Trigger(t.kind, t.start, gap.end() if gap else t.end, link="ask" if wh else "about")
    link = m.group("link")
    if link in ("i", "we"):
        return _Trigger(t.kind, t.start, m.start("link"), link="that")
    return _Trigger(t.kind, t.start, m.end(), link=link if link != "of" else "about")


def _action_end(low: str, start: int, end: int) -> int:
    """Where the action starting at `start` stops, at the latest `end`."""
    m = _ACTION_END.search(low, start, end)
    return m.start() if m else end


def _split_and(low: str, start: int, end: int, holes: Sequence[Span]) -> list[Span]:
    """"renew my license and pay the ticket" is two promises; "buy milk and eggs" is one: split only
    before a known verb that has words after it."""
    parts, pos = [], start
    for m in _AND_VERB.finditer(low, start, end):
        if m.group("verb") in W.EN_BASE_VERBS and not any(hs <= m.start("verb") < he for hs, he in holes):
            parts.append((pos, m.start()))
            pos = m.start("verb")
    parts.append((pos, end))
    return [p for p in parts if p[1] > p[0]]


def tidy(phrase: str, *, lead: frozenset[str] | tuple[str, ...] = W.EN_ADVERBS) -> str:
    """Fillers out; adverbs off the front and dangling words ("by", "please", "anymore") off the end."""
    phrase = _FILLER_WORDS.sub(" ", phrase)
    phrase = _STUTTER.sub(r"\1", _VAGUE.sub(" ", phrase))
    phrase = re.sub(r"\s+", " ", phrase).strip(" ,.!?;:-")
    while True:
        words = phrase.split(" ")
        if words[0] and (words[0].lower().strip(",") in lead or words[0].lower().strip(",") in W.EN_FILLERS):
            phrase = " ".join(words[1:])
        elif words and words[-1].lower().strip(",.!?") in W.EN_DANGLING:
            phrase = " ".join(words[:-1])
        else:
            return phrase.strip(" ,.!?;:-")


def _resolve(action: str, who: str) -> str:
    """"send him the slides" said of Sam is "send Sam the slides": him / her / them -> the named person."""
    if not who or who.lower() in W.EN_PERSON_PRONOUNS:
        return action

    def person(m: re.Match[str]) -> str:
        after = _WORD.findall(action[m.end():].lower())[:1]
        if m.group(0).lower() == "her" and after and after[0] not in W.EN_DETERMINERS and after[0] not in W.EN_DANGLING:
            return who + "'s"   # "review her pull request" -> "review Priya's pull request"
        return who
    return re.sub(r"\b(?:him|her|them)\b", person, action, count=1, flags=re.IGNORECASE)


_FRONTED = re.compile(r"^(?:(?:oh|and|so|um+|uh+|also|plus|okay|ok)[\s,]+)*(?P<np>(?:the|my|our|this|that)\s+[\w' -]{2,40}?),\s")
_POINTER = re.compile(r"\b(?:that|it|them|this)\b")


def _fronted(sen: str, low: str, action: str) -> str:
    """"The maintenance fee, I have to pay that": the thing said first is what "that" stands for."""
    words = _WORD.findall(action.lower())
    m = _FRONTED.match(low)
    if m is None or len(words) < 2 or not all(w in ("that", "it", "them", "this") for w in words[1:2]):
        return action
    return _POINTER.sub(lambda _: sen[m.start("np"):m.end("np")], action, count=1)


def _is_action(action: str, kind: str, link: str) -> bool:
    """An action starts with a verb; a wish or a "will" needs a verb that is a task, not a state; and it
    names something: "do it", "go", "call you" (the assistant) put nothing on an agenda."""
    words = _WORD.findall(action.lower())
    if not words or all(w in W.EN_VAGUE_OBJECTS for w in words) or \
            all(w in W.EN_VAGUE_OBJECTS for w in words[1:]) and (len(words) > 1 or words[0] in W.EN_VAGUE_VERBS):
        return False
    if kind == "event":
        return True
    if re.search(r"(?<![\w-])(?:you|your)(?![\w-])", action.lower()):
        return False                   # "call you", "get back to you": said to the assistant
    if link == "ask":
        return False
    if kind in ("remind", "note") and link == "about" or kind == "list":
        return True
    first = words[0]
    if first in ("have", "get") and len(words) > 2 and words[-1] in W.EN_RESULT_STATES:
        return True                    # "I'd have the report done", "get the car fixed"
    if first in W.EN_NOT_VERB or first in ("never", "not") or first.endswith("ed") and first not in W.EN_BASE_VERBS:
        return False
    if kind == "wish":
        return first not in W.EN_WISH_NOT_ACTION
    if first == "see" and len(words) > 2 and (words[1] in W.EN_DETERMINERS or words[1] == "dr"):
        return True                    # "see the eye doctor": a visit, not a sight
    return first not in W.EN_NOT_ACTION


def _commitments(sen: str, low: str, span: Span, holes: Sequence[Span],
                 triggers: list[_Trigger], busy: list[Span]) -> list[Commitment]:
    """The actions after the promise openers, each with its clause (the sentence, or its own part of
    it when two parts carry their own times)."""
    out: list[Commitment] = []
    base = span[0]
    reminded = False
    # "I need to call mom at 3 and I have to send the report at 4": each opener's part has its own time
    regions = [(t.start, triggers[i + 1].start if i + 1 < len(triggers) else len(low)) for i, t in enumerate(triggers)]
    own_times = sum(1 for rs, re_ in regions if any(rs <= hs < re_ for hs, _ in holes)) > 1
    for i, t in enumerate(triggers):
        if _NOT_THINK.search(low, max(0, t.start - 20), t.start):
            continue                   # "I don't think I need to", "don't remind me to"
        if t.kind in ("remind", "note") and t.link == "that":
            reminded = reminded or t.kind == "remind"
            continue
        limit = triggers[i + 1].start if i + 1 < len(triggers) else len(low)
        end = _action_end(low, t.end, limit)
        if t.kind == "list":
            m = _LIST_END.search(low, t.end, end)
            end = m.start() if m else end
        busy.append((t.start, end))
        if t.kind == "event" and not any(hs >= t.end for hs, _ in holes):
            continue                   # "I have a meeting" with no time is no appointment to keep
        parts = _split_and(low, t.end, end, holes)
        timed = [p for p in parts if any(p[0] <= hs < p[1] for hs, _ in holes)]
        for j, (ps, pe) in enumerate(parts):
            action = _SELF_NOTE.sub("", tidy(cut(sen, ps, pe, holes)))   # "I have to remember to call mom"
            if t.kind == "going" and _WORD.findall(action.lower())[:1] and \
                    _WORD.findall(action.lower())[0] in W.EN_DETERMINERS:
                action = "go to " + action  # "I'm going to the dentist"
            action = _fronted(sen, low, _resolve(action, t.who))
            if not _is_action(action, t.kind, t.link):
                continue
            cs, ce = (0, len(sen))
            if own_times:
                cs, ce = (0 if i == 0 else t.start), regions[i][1]
            if len(timed) > 1:
                cs, ce = (0 if j == 0 and i == 0 else ps), pe
            clause = sen[cs:ce].strip()
            out.append(Commitment(action, clause, (base + cs, base + ce),
                                  remind=t.kind == "remind" or reminded))
        reminded = False
    return out


# ---------------------------------------------------------------- closures



def _reference(sen: str, low: str, start: int, holes: Sequence[Span], verb: str = "") -> str:
    """The words naming the task, from `start` to the clause's end, time words and fillers out, an
    object that is only "it" left empty (it points at no task by name)."""
    m = W.EN_CLAUSE_END.search(low, start)
    end = m.start() if m else len(low)
    tail = W.EN_LIST_TAIL.search(low, start, end)
    end = tail.start() if tail else end
    obj = tidy(cut(sen, start, end, holes), lead=W.EN_ADVERBS + ("about",))
    words = _WORD.findall(obj.lower())
    if all(w in W.EN_OBJECT_PRONOUNS for w in words) or \
            words[:1] and words[0] in W.EN_VAGUE_VERBS and all(w in W.EN_OBJECT_PRONOUNS for w in words[1:]):
        return ""                      # "it", "do that": no task named
    if verb == "take" and obj.lower().startswith("care of "):
        return obj[8:]                 # "took care of the invoices": the invoices
    return f"{verb} {_core(obj)}".strip() if verb else obj


def _core(obj: str) -> str:
    """The object without the phrases after it ("the shoes back to the store" -> "the shoes", "the water
    bill online" -> "the water bill"): the promise may have been worded otherwise around its object."""
    words = obj.split(" ")
    for i, w in enumerate(words[1:], 1):
        if w.lower() in W.EN_AFTER_OBJECT:
            return " ".join(words[:i])
    return obj


def _base_verb(word: str) -> str | None:
    """The base of a past verb ("sent" -> "send", "booked" -> "book", "emailed" -> "email"), or None."""
    if word in W.IRREGULAR_BASE:
        return W.IRREGULAR_BASE[word]
    if word.endswith("'d") and len(word) > 3:   # "RSVP'd"
        return word[:-2]
    if not word.endswith("ed") or len(word) < 5:
        return None
    stem = word[:-2]
    for candidate in (stem, word[:-1], stem[:-1] + "y" if stem.endswith("i") else "", stem[:-1]):
        if candidate in W.EN_BASE_VERBS:
            return candidate
    if stem[-1:] == stem[-2:-1]:   # stopped -> stop
        return stem[:-1]
    return stem if not stem.endswith("i") else stem[:-1] + "y"


def _done_verb(sen: str, low: str, start: int, holes: Sequence[Span]) -> Closure | None:
    """"I sent Sam the slides", "I've booked the flights", "Finished the budget spreadsheet": the user
    did it (the user, not "my sister"; not "I told", "I forgot", "I used to")."""
    words = [(m.group(0), m.start(), m.end()) for m in itertools.islice(_WORD.finditer(low, start, start + 160), 6)]
    i, subject = 0, False
    if i < len(words) and words[i][0] in ("i", "we", "i've", "we've"):
        subject, i = True, i + 1
    while i < len(words) and (words[i][0] in ("have", "had", "'ve") or words[i][0] in W.EN_ADVERBS
                              or words[i][0] in ("already", "just")):
        i += 1
    if i >= len(words) or any(w[0] in W.EN_NEGATION or w[0].endswith("n't") for w in words[:i]):
        return None
    word, _, wend = words[i]
    if i + 1 < len(words) and words[i + 1][0] == "to" and word in ("got", "had", "used") or \
            word == "got" and i > 0 and words[i - 1][0] in ("have", "i've", "we've"):
        return None                    # "I got to go", "had to", "used to", "I've got a meeting"
    if word in W.EN_NOT_DONE or (not subject and word not in W.IRREGULAR_BASE and
                                 (_base_verb(word) or "") not in W.EN_BASE_VERBS):
        return None
    base = _base_verb(word)
    if base is None or (word == base and not (subject and word in W.EN_SAME_PAST)):
        return None                    # "I put the drops in": put is its own past after I/we
    if base == "put" and re.match(r"(?:\s+\w+){0,3}?\s+off\b", low[wend:]):
        return None                    # "I put it off": postponed, not done
    return Closure("done", _reference(sen, low, wend, holes, verb=base), sen)


def _closures(sen: str, low: str, start: int, holes: Sequence[Span], busy: Sequence[Span]) -> list[Closure]:
    """Done and dismissed candidates at each clause start of the sentence, none inside a promise's own
    words (`busy`). Someone else may have done it ("Alex came by and picked up his drill")."""
    starts = [start] + [m.end() for m in W.EN_CLAUSE_START.finditer(low, start)]
    out: list[Closure] = []
    for pos in starts:
        pos = _body_start(low, pos) if pos > start else pos
        if any(bs <= pos < be for bs, be in busy):
            continue
        closure = _closure_at(sen, low, pos, holes)
        if closure is not None and closure not in out:
            out.append(closure)
    if any(c.reference for c in out):
        out = [c for c in out if c.reference]
    if out and not out[0].reference:
        out[0] = Closure(out[0].status, _topic(sen, low, start, holes), sen)
    return out


_TOKEN = r"[\w-]+(?:'(?!s\b)\w+)?"
_NAMED = re.compile(rf"\b(?:the|my|our)\s+{_TOKEN}(?:\s+(?!(?:is|are|was|were)\b){_TOKEN}){{0,3}}?"
                    r"(?='s\b|\s+(?:is|are|was|were)\b|,)")


def _topic(sen: str, low: str, start: int, holes: Sequence[Span]) -> str:
    """What "it" / "that" points at when the sentence named it: "The oven's fine, I already checked it",
    "I'm keeping the gym membership, scratch that"."""
    m = _NAMED.search(low, start)
    return tidy(cut(sen, m.start(), m.end(), holes)) if m else ""


def _closure_at(sen: str, low: str, pos: int, holes: Sequence[Span]) -> Closure | None:
    """The one closure a clause starting at `pos` makes, if any (dismissals first: "forget about X")."""
    if m := W.EN_DISMISS_IMP.match(low, pos):
        return Closure("dismissed", _reference(sen, low, m.end(), holes), sen)
    if m := W.EN_DISMISS_NEG.match(low, pos):
        return Closure("dismissed", _reference(sen, low, m.end(), holes), sen)
    if m := re.match(r"no\s+(?:more\s+)?(?P<ref>[\w' -]+?)\s+(?:for\s+now|anymore|after\s+all)\b", low[pos:]):
        return Closure("dismissed", tidy(sen[pos + m.start("ref"):pos + m.end("ref")]), sen)   # "so no mockups for now"
    if re.match(r"(?:never\s*mind|forget\s+(?:it|that)|scratch\s+that|scrap\s+that|strike\s+that|don't\s+bother"
                r"|(?:i'm|i\s+am)\s+off\s+the\s+hook)\b", low[pos:]):
        return Closure("dismissed", "", sen)
    if (m := W.EN_DONE_STATE.match(low, pos) or W.EN_DONE_PARTICIPLE.match(low, pos)) and \
            _WORD.findall(m.group("ref"))[:1] not in (["i"], ["we"], ["you"]):
        state = m.group("state")
        status = "dismissed" if state.split()[0] in W.EN_DISMISSED_STATES else "done"
        ref = tidy(cut(sen, m.start("ref"), m.end("ref"), holes))
        return Closure(status, "" if ref.lower() in W.EN_OBJECT_PRONOUNS else ref, sen)
    if m := W.EN_DONE_WITH.match(low, pos):
        return Closure("done", _reference(sen, low, m.end(), holes), sen)
    if re.match(r"(?:(?:i'm|we're)\s+)?(?:all\s+)?done\W*$", low[pos:]):
        return Closure("done", "", sen)
    return _done_verb(sen, low, pos, holes)


# ---------------------------------------------------------------- the sentence

def read_sentence(text: str, span: Span, holes: Sequence[Span]) -> SentenceReading:
    """Commitments and closures of the English sentence `text[span]`; `holes` are the utterance's time
    expressions."""
    s, e = span
    sen = text[s:e]
    low = _lower(sen)
    local = [(max(hs, s) - s, min(he, e) - s) for hs, he in holes if he > s and hs < e]
    local += [m.span() for m in _VAGUE.finditer(low)]
    local.sort()
    start = _body_start(low)
    triggers = _triggers(sen, low, start)
    question = is_question(low, start)
    reminds = any(t.kind in ("remind", "note") for t in triggers) and (
        not question or re.match(r"(?:(?:can|could|will|would)\s+you\s+|please\s+)", low[start:]) is not None)
    if question and not reminds:
        return SentenceReading(question=True)
    busy: list[Span] = []
    commitments = _commitments(sen, low, span, local, triggers, busy)
    closures = [] if question else _closures(sen, low, start, local, busy)
    return SentenceReading(tuple(commitments), tuple(closures), question and not reminds)
