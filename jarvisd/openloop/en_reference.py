"""Who and what a promise's pronouns stand for, in English: "I told Sam I'd send him the slides" ->
"send Sam the slides"; "The water bill, I have to pay that" -> "pay the water bill"; "the permission form
... so I'll sign it" -> "sign the permission form"; "Jenny, I'll mail you the boxes" -> "mail Jenny the
boxes". Pure text rules, used by `commitments_en` on each action it reads."""

from __future__ import annotations

import re

from jarvisd.openloop import commitment_words as W
from jarvisd.openloop.en_grammar import WORD

__all__ = ["antecedent", "fronted", "fronted_end", "fronted_object", "given_to", "resolve", "vocative"]


def resolve(action: str, who: str) -> str:
    """"send him the slides" said of Sam is "send Sam the slides": him / her / them -> the named person."""
    if not who or who.lower() in W.EN_PERSON_PRONOUNS:
        return action

    def person(m: re.Match[str]) -> str:
        said = m.group(0).lower()
        after = WORD.findall(action[m.end():].lower())[:1]
        before = WORD.findall(action[:m.start()].lower())[-1:]
        if said in ("his", "their") or said == "her" and after and after[0] not in W.EN_DETERMINERS and \
                after[0] not in W.EN_DANGLING and after[0] not in _PARTICLES and before[:1] != ["help"] and \
                not (before and before[0] in _OBJECT_THEN_VERB and after[0] in W.EN_BASE_VERBS):   # not "have her
                                                                                  # payroll figures sorted"
            return who + ("'" if who.endswith("s") else "'s")   # "review her PR" -> "review Priya's PR"
        return who              # "call her back", "help her move", "let her know"
    return re.sub(r"\b(?:him|her|them|his|their)\b", person, action, count=1, flags=re.IGNORECASE)


_PARTICLES = frozenset("back up out off over down in about with know".split())
# Verbs whose object is followed by a bare verb: "help her move", "let her know", "make him sign".
_OBJECT_THEN_VERB = frozenset("help let make have watch see".split())


# Words that start no fronted thing: times, fillers, adverbs.
_NOT_A_THING = (r"(?:today|tonight|tomorrow|next|this|on|at|by|in|before|after|then|also|monday|tuesday|wednesday|"
                r"thursday|friday|saturday|sunday|yeah|yes|yep|well|like|anyway|right|alright|sure|hmm+|ah+|oh|oops|"
                r"now|just|maybe|actually|honestly|basically|so|um+|uh+|and|okay|ok|"
                # a conjunction is no thing: "But I have to do this week." (Whisper's "What do I have to do this week?",
                # voice66) kept "do but"
                r"but|because|cause|cos|though|although|or|if|when|since|yet)")
_FRONTED = re.compile(r"^(?:(?:oh|and|but|so|um+|uh+|also|plus|okay|ok|yeah|well|like|anyway|right|alright)[\s,]+)*"
                      r"(?:(?:today|tonight|tomorrow|this)(?:\s+(?:morning|afternoon|evening|night))?\s+)?"   # "tomorrow morning the hose I must fix"
                      r"(?:(?P<np>(?:the|my|our|this|that)\s+(?:(?!\bi\s)[\w' -]){2,40}?),\s"
                      # "on-call handoff doc I need to write that up": a bare noun phrase, then "I" and a modal
                      rf"|(?!{_NOT_A_THING}(?![\w'-]))(?P<bare>[a-z][\w'-]*(?:\s+(?!{_NOT_A_THING}(?![\w'-]))[a-z][\w'-]*){{0,3}})"
                      r"\s+(?:(?:um+|uh+|er|so|like),?\s+)*(?=i\s+(?:need|have|gotta|got|must|should|will|am|'m|'ll|really|still|already|just)\b"
                      r"|i'(?:ll|m|ve)\b|i\s+[a-z]+ed\b"
                      # an irregular past: "the invoice I sent already to the client"
                      r"|i\s+(?:sent|paid|bought|did|made|took|got|gave|wrote|put|told|brought|sold|left|met|rang|kept|found)\b))")



_POINTER = re.compile(r"\b(?:that|it|them|this|those|these)\b")


def fronted_end(low: str) -> int | None:
    """Where the clause after a thing said first starts ("the bathroom bulb I already changed" -> at
    "I"), or None when the sentence does not start with one."""
    m = _FRONTED.match(low)
    return m.end() if m else None


def fronted_object(low: str) -> bool:
    """The thing said first is the object of the verb after it, with no comma between ("the invoice I sent
    already"), not a topic with words of its own ("the boiler in the basement is fine, I checked it")."""
    m = _FRONTED.match(low)
    return m is not None and m.group("bare") is not None


def fronted(sen: str, low: str, action: str) -> str:
    """"The maintenance fee, I have to pay that": the thing said first is what "that" stands for."""
    words = WORD.findall(action.lower())
    m = _FRONTED.match(low)
    if m is None or not words:
        return action
    group = "np" if m.group("np") else "bare"
    np = _STATE_VERB.split(sen[m.start(group):m.end(group)], maxsplit=1)[0]   # "The car is filthy" -> "The car"
    np = np[0].lower() + np[1:]
    if "ones" in words[1:]:   # "the parking stickers, I should print new ones": new parking stickers
        return re.sub(r"\bones\b", np.split(" ", 1)[1], action, count=1, flags=re.IGNORECASE)
    if len(words) == 1 and action.strip().lower() in {w.lower() for w in W.EN_BASE_VERBS}:
        return f"{action.strip()} {np}"        # "the garden hose I must fix": fix the garden hose
    if not all(w in ("that", "it", "them", "this", "those", "these") for w in words[1:2]):
        return action
    return _POINTER.sub(lambda _: np, action, count=1)


_STATE_VERB = re.compile(r"\s+(?:is|are|was|were|has|have|looks?|seems?|got|gets)\b", re.IGNORECASE)


_KIN = (r"(?:(?:mother|father|sister|brother)-in-law|mom|mum|mother|dad|father|sister|brother|wife|husband|son|"
        r"daughter|kids?|aunt|uncle|grandma|grandpa|grandmother|grandfather|cousin|niece|nephew|boss|friend|"
        r"neighbou?r|teacher|landlord|partner)(?![\w-])")
_PERSON_BEFORE = re.compile(rf"\b(?:my|our)\s+{_KIN}\b")
# ("my roommate wants to split groceries i told her ill order them tonight": the sixty-fifth session's student, kept as
# "order my roommate wants"; a thing's words hold no verb of saying or wanting)
_NOT_A_THING = r"(?!(?:wants|wanted|needs|needed|said|says|told|asked|asks)\b)"
_THING_BEFORE = re.compile(r"\b(?:the|my|our|that|this)\s+(?:" + _NOT_A_THING + r"[\w'-]+\s+){0,3}?" + _NOT_A_THING + r"[\w'-]+"
                           r"(?=\s+(?:back|so|and|but|because|which|that|is|are|was|were|from|for|to|in|on|at|by)\b|\s*[,.;]|\s*$)")
_BARE_PLURAL = re.compile(r"\b(?P<verb>[a-z]+)\s+(?P<x>(?!(?:is|was|has|does|this|its|us|as|his|yes|less|plus)\b)[a-z]{3,}s)\b"
                          r"(?=\s+(?:i|we|so|and|but|because|which|that|for|to|from|at|on|by)\b|\s*[,.;]|\s*$)")
_OBJECT_PRONOUN = re.compile(r"\b(?:it|them|her|him)\b")
# "our Sophie's got to be picked up … I'll go and fetch her": a name said with "our" / "my" before it
_NAME_BEFORE = re.compile(r"\b(?:[Oo]ur|[Mm]y)\s+(?P<name>[A-Z][a-z]+)\b")
# "the seed order … has to go in by the 10th, so I'd better do that": a thing that wants doing, then "that"
_TASK_BEFORE = re.compile(r"\b(?:the|my|our)\s+(?:(?!(?:said|says|told|was|is|are|were|asked)\b)[\w'-]+\s+){0,4}?[\w'-]+"
                          r"(?=\s+(?:wants|needs|has\s+to|have\s+to|has\s+got\s+to"
                          r"|must|should|is\s+due|are\s+due)\b)")
_DO_THAT = re.compile(r"^(?P<verb>do|get|sort|handle|finish)\s+(?:that|this)\b")


def antecedent(sen: str, low: str, before: int, action: str) -> str:
    """"Minji's teacher needs the field trip form back so I'll sign it": a pronoun after the verb stands
    for what the words before the promise named last, a thing for "it" / "them", a person ("my
    mother-in-law") for "her" / "him"."""
    words = WORD.findall(action.lower())
    if before > 0 and (do := _DO_THAT.match(action.lower())) and (tasks := list(_TASK_BEFORE.finditer(low, 0, before))):
        return action[:do.start()] + f"{do['verb']} {low[tasks[-1].start():tasks[-1].end()]}" + action[do.end():]
    if words[:2] in (["go", "and"], ["come", "and"]):
        words = words[2:]              # "I'll go and fetch her": the pronoun is the second verb's
    if len(words) < 2 or words[1] not in ("it", "them", "her", "him") or before <= 0:
        return action
    if words[1] in ("her", "him") and (names := list(_NAME_BEFORE.finditer(sen, 0, before))) and \
            not any(m.start() > names[-1].start() for m in _PERSON_BEFORE.finditer(low, 0, before)):
        return _OBJECT_PRONOUN.sub(lambda _: names[-1]["name"], action, count=1)
    pattern = _THING_BEFORE if words[1] in ("it", "them") else _PERSON_BEFORE
    found = list(pattern.finditer(low, 0, before))
    plural = [m for m in _BARE_PLURAL.finditer(low, 0, before) if m["verb"] in W.EN_BASE_VERBS] if words[1] == "them" else []
    if plural and (not found or plural[-1].start("x") > found[-1].start()):
        # "split groceries …, I'll order them": a bare plural after a verb, said after any thing with "the"
        return _OBJECT_PRONOUN.sub(lambda _: f"the {plural[-1]['x']}", action, count=1)
    if not found:
        return action
    first, rest = sen[found[-1].start():found[-1].end()].split(" ", 1)
    named = f"{'the' if first.lower() in ('that', 'this') else first.lower()} {rest}"
    return _OBJECT_PRONOUN.sub(lambda _: named, action, count=1)



# "Jenny, I'll mail you the boxes": a name called at the start is who "you" is (not the assistant)
_VOCATIVE = re.compile(r"^(?:(?:okay|ok|oh|um+|uh+|well|so|alright)[\s,]+)*(?P<name>(?:(?:Mr|Mrs|Ms|Dr)\.?\s+|(?:Uncle|Aunt|Auntie|Grandma|Grandpa|Cousin|Coach)\s+)?"
                       r"(?!I\b|Jarvis\b|Okay\b|Ok\b|So\b|Well\b|Um\b|Uh\b|Hey\b|Yes\b|No\b|Tomorrow\b|Today\b|Tonight\b)"
                       r"[A-Z][a-z]+)\s*,?\s+(?:(?:um+|uh+)[\s,]+)*(?=I\b|I'll|I'm|I'd)")


def vocative(sen: str, action: str) -> str:
    """"you" in the action is the person called at the start ("Jenny I'll mail you the boxes")."""
    m = _VOCATIVE.match(sen)
    if m is None:
        return action
    name = m["name"]
    action = re.sub(r"(?<![\w-])your(?![\w-])", name + "'s", action, flags=re.IGNORECASE)
    return re.sub(r"(?<![\w-])you(?![\w-])", name, action, flags=re.IGNORECASE)




# a deed given to someone (english71): told to one ("tell mr lee i'll send the contract") with no receiver of its own
_GIVEN = frozenset("send email e-mail give bring text mail forward hand ship".split())


def given_to(action: str, who: str) -> str:
    """"send the contract" told to Mr Lee is "send the contract to mr lee" (english71: kept with no receiver); as said
    when it names its own ("send the photos to his mom", "send mr lee the slides"), or the deed gives nothing."""
    words = action.split()
    if not who or who.lower() in W.EN_PERSON_PRONOUNS or not words or words[0].lower() not in _GIVEN or \
            re.search(r"\b(?:to|for|with|into|at)\b", action, re.IGNORECASE) or who.lower() in action.lower():
        return action
    return f"{action} {who}" if len(words) == 1 else f"{action} to {who}"
