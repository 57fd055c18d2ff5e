"""A remembered fact, asked back: "what's my bank PIN hint?", "what is my locker code?", "do you remember where my
spare key is?", "what do you remember about me?", "내 사물함 번호 뭐였지?", "나에 대해 뭘 기억해?". Pure: the question's
key words, the fact that answers it, and the answer said from it.

Before (the forty-fourth session) these went to the model. On the offline default, after "remember that my bank PIN
hint is the blue notebook" ("Remembered: …"), SmolLM2-135M answered "what's my bank PIN hint?" with "(2026-12-05)"
and "what is my locker code?" with "(": the fact was in its prompt and it could not use it. A fact the user asked to
keep (`/remember`, or in words) that holds every key word of the question is said back from memory ("You told me
your bank PIN hint is the blue notebook."); when none does the question goes on to the model, so a capable model
still answers what the rules cannot.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from jarvisd.language import EN_TITLE
from jarvisd.memory.fact_words import FACT_NOUNS
from jarvisd.memory.talk_asked import of_someone_else
from jarvisd.textsafe import plain_words

ZERO_WIDTH_SPACE = "\u200b"

_LEAD = r"(?:(?:so|and|hey|ok|okay|jarvis|um|uh)[\s,]+)*"
_EN = [re.compile(_LEAD + p, re.IGNORECASE) for p in (
    r"(?:what|where|when|who|which)(?:'s|\s+is|\s+are|\s+was|\s+were)\s+(?:my|our)\s+(?P<x>.+?)(?:\s+again)?",
    # "what am I allergic to?", "what car do I drive?", "what coffee do I like?" (the fiftieth session: to the model)
    r"what\s+am\s+i\s+(?P<x>allergic)\s+to",
    # "what's Lily allergic to?", "is my son allergic to anything?" (the fifty-seventh session: SmolLM2's "arachidiol")
    r"(?:what(?:'s|\s+is|\s+are)|is|are)\s+(?P<x>(?!i\b|you\b|he\b|she\b|it\b|they\b)(?:(?:my|our)\s+)?[a-z][\w'-]*\s+allergic)"
    r"(?:\s+to(?:\s+anything)?)?",
    r"(?:what|which)\s+(?:kind\s+of\s+)?(?P<x>[\w'-]+)\s+do\s+i\s+(?:drive|have|own|use|like|prefer|drink)",
    # "what do I like to drink?", "what do I prefer?" (the fifty-first session: SmolLM2, "I'm not able to provide
    # drinks"): a preference told ("I prefer tea over coffee")
    r"what\s+do\s+i\s+(?:usually\s+)?(?:like|love|prefer|want)\s+to\s+(?P<x>drink|eat)",
    r"what\s+do\s+i\s+(?P<x>prefer)",
    # "what's Mia's school?": a fact of someone named, told so ("Mia's school is Greenwood Elementary")
    # (a name past ASCII too: "when is José's birthday?", pass 59a)
    r"(?:what|where|when|who|which)(?:'s|\s+is|\s+are|\s+was)\s+(?P<x>(?:[^\W\d_]|[\u0300-\u036f])+'s\s+.+?)(?:\s+again)?",
    # "what's the dog's name?" (the fifty-seventh session: to SmolLM2): a pet's or a child's, told so ("the dog's name is
    # Biscuit"); not "the world's …"
    r"(?:what|where|when|who|which)(?:'s|\s+is|\s+are|\s+was)\s+the\s+(?P<x>(?:dog|cat|puppy|kitten|baby|bird|fish|"
    r"horse|rabbit|hamster)'s\s+.+?)(?:\s+again)?",
    # "what's the garage code?", "what was the wifi password again?": a thing of the kind kept as a fact, without "my"
    r"(?:what|which)(?:'s|\s+is|\s+was)\s+the\s+(?P<x>(?:[\w'-]+\s+){0,3}?(?:code|password|passcode|pin|combination|"
    r"wi-?fi|username|login))(?:\s+again)?",
    r"(?:do|did)\s+you\s+(?:remember|know)\s+(?:what|where|when|who|which)\s+(?:my|our)\s+(?P<x>.+?)"
    r"(?:\s+(?:is|are|was|were))?",
    r"(?:do|did)\s+you\s+(?:remember|know)\s+(?:my|our)\s+(?P<x>.+?)",
    r"what\s+did\s+i\s+(?:tell\s+you|say)\s+about\s+(?:my\s+|our\s+|the\s+)?(?P<x>.+?)",
    # "what did the nurse say?" (the sixty-first session: SmolLM2, "I'm so sorry for your family"): what they said, kept
    r"what\s+did\s+(?:the|my|our)\s+(?P<x>[\w'-]+(?:\s+[\w'-]+)?)\s+(?:say|tell\s+me|tell\s+you|want)(?:\s+again)?",
    # "who's bringing the snacks?", "who's driving me on tuesday?" (SmolLM2: "The AI assistant, JARVIS"): who was told
    r"who(?:'s|\s+is|\s+was|\s+will\s+be)\s+(?P<x>(?:bringing|driving|doing|handling|making|buying|getting|baking|cooking|"
    r"covering|organi[sz]ing|watering|feeding|walking|watching|looking\s+after|minding|collecting|checking\s+on|working)"
    r"\s+(?:me\s+|us\s+)?(?:on\s+)?(?:the\s+|my\s+|our\s+)?[\w'-]+)(?:\s+.{1,40}?)?",
    r"(?:tell|remind)\s+me\s+(?:what|where|when)\s+(?:my|our)\s+(?P<x>.+?)\s+(?:is|are|was)",
    r"(?:tell|remind)\s+me\s+(?:my|our)\s+(?P<x>.+?)",
)]
# "where is the spare key?", "where are the tickets?": the fact told of it ("the spare key is under the blue pot"); with
# no such fact the question goes on (the model, or the world's: "where is the Eiffel Tower?"), never "you haven't told me"
_EN_WHERE_THE = re.compile(_LEAD + r"(?:do\s+you\s+(?:remember|know)\s+)?where(?:'s|\s+is|\s+are|\s+was|\s+were)\s+"
                           r"the\s+(?P<x>.+?)(?:\s+(?:again|now|kept|stored))?", re.IGNORECASE)
# "where did I park?", "where did I put my keys?": the fact the user told in that deed's past ("I parked on level 3")
_EN_WHERE_DID_I = re.compile(_LEAD + r"(?:do\s+you\s+(?:remember|know)\s+)?where\s+(?:did\s+i|i)\s+(?P<v>park|put|leave|left|hid|hide|"
                             r"store|keep|stash|lock|parked|stored|kept|stashed|locked)(?:\s+(?P<x>.+?))?(?:\s+again)?",
                             re.IGNORECASE)
_PAST = {"park": "parked", "put": "put", "leave": "left", "hide": "hid", "store": "stored", "keep": "kept", "stash": "stashed",
         "lock": "locked"}
# "what's the landlord's number?", "what is the blue pill?", "who's Sam?" (the fifty-ninth session: SmolLM2 made a number
# up, "a magical elixir", "a voice assistant"): a fact told of it ("the landlord's number is 555 0142", "Sam is the new
# science teacher"); with none the question goes on, as "where is the X?" does
_EN_WHAT_THE = re.compile(_LEAD + r"(?:(?:what|which|who)(?:'s|\s+is|\s+was)\s+the\s+(?P<x>[a-z]+'s\s+(?:[\w'-]+\s+){0,2}?[\w'-]+"
                          r"|(?:[\w'-]+\s+){0,2}?(?:" + FACT_NOUNS + r"))"
                          r"|who(?:'s|\s+is|\s+was)\s+(?P<who>(?!(?:my|our|the|a|an|it|that|this|there|he|she|you|i|calling|"
                          r"coming|going|next|on|in|at|here|your|his|her|their|its)\b)(?:" + EN_TITLE + r"\.?\s+)?[a-z][\w'-]*"
                          r"(?:\s+(?!(?:again|now|today|then|exactly|really|anyway)\b)(?![a-z]+ing\b)[a-z][\w'-]*)?))"
                          r"(?:\s+again)?", re.IGNORECASE)
# ("who is tom hanks": a first name and a surname, the seventieth session: SmolLM2 said "Tom Hanks, a renowned American
# actor, known for his role as Captain Jameson in the film The Shawshank Redemption")
# "what time does the hardware store close?", "when does the pharmacy open" (the sixtieth session: SmolLM2 made "10:30pm"
# up): the hours told ("the hardware store closes at 8", kept by `remember_asked`)
_EN_HOURS = re.compile(_LEAD + r"(?:what\s+time|when)\s+(?:does|do|will)\s+(?:the|my|our)\s+(?P<x>(?:[\w'-]+\s+){0,3}?[\w'-]+)\s+"
                       r"(?P<v>open|close|shut)(?:\s+(?:today|tonight|on\s+[\w'-]+))?(?:\s+again)?", re.IGNORECASE)
# "what's the reefer set to?", "what temp is the reefer set at" (the sixty-sixth session's truck driver: SmolLM2's "The
# reefer set is a luxury product …"): the setting told ("the reefer is set to 34 degrees", kept by `remember_asked`)
_EN_SET_TO = re.compile(_LEAD + r"(?:what(?:'s|\s+is|\s+was)|what\s+(?:temp|temperature|number|setting|speed|pressure)\s+(?:is|was|'s))"
                        r"\s+(?:the|my|our)\s+(?!(?:alarm|alarms|timer|timers|reminder|reminders)\b)"
                        r"(?P<x>(?:[\w'-]+\s+){0,3}?[\w'-]+)\s+(?:set|supposed\s+to\s+be\s+set)\s+(?:to|at|on)"
                        r"(?:\s+(?:again|now|for\s+(?:this|the)\s+[\w'-]+))?", re.IGNORECASE)
# "what do you know about Lily?", "what do you remember about my sister?" (the fifty-seventh session: SmolLM2's "Lily is a
# 2026-12-06 child of 2026-12-06"): every fact kept of them
# ... and "what did I tell you about Leo?" (the fifty-ninth session: "I have nothing you promised You about leo.", read as
# a promise to someone named "you about leo")
_EN_ABOUT = re.compile(_LEAD + r"(?:what\s+(?:do|did)\s+you\s+(?:remember|know)|what\s+(?:did|have)\s+i\s+(?:tell\s+you|told\s+you|said))"
                       r"\s+about\s+(?!me\b|us\b|it\b|that\b|this\b|them\b)"
                       r"(?:my\s+|our\s+)?(?P<x>[\w'-]+(?:\s+[\w'-]+)?)", re.IGNORECASE)
# "what school does Lily go to?", "where does my sister live?", "who does Sam work for?" (the fifty-ninth session: SmolLM2's
# "the University of New Haven"): the fact told of where they go, work or live ("Lily goes to Maple Elementary", kept by
# `remember_asked`); keyed on who and the deed ("lily goes"), or who and the kind asked ("lily school")
_EN_THEIR_PLACE = re.compile(_LEAD + r"(?:(?:what|which)\s+(?!time\b|day\b|days\b|hour\b|date\b)(?P<kind>[\w'-]+)|where|who)\s+(?:does|do)\s+"
                             r"(?P<who>(?!(?:i|you|he|she|it|they|we|that|this)\b)(?:(?:my|our)\s+)?[\w'-]+)\s+"
                             r"(?P<v>go|attend|work|live|study)(?:\s+(?:to|at|for|in|on))?(?:\s+(?:school|college|work))?"
                             r"(?:\s+again|\s+now)?", re.IGNORECASE)
# "what's the wifi password for room 17?", "what's the door code at my mom's?" (pass 59b: SmolLM2's "17-17-17", the kept
# "the wifi password for room 17 is tulip-00017" unread): keyed on the thing and its place, without the preposition, so
# "the office wifi password is …" answers "what's the wifi password for the office?" too
_EN_THE_CODE_OF = re.compile(_LEAD + r"(?:what|which)(?:'s|\s+is|\s+was)\s+the\s+(?P<x>(?:[\w'-]+\s+){0,3}?(?:code|password|"
                             r"passcode|pin|combination|wi-?fi|username|login))\s+(?:for|at|of|to|in|on)\s+(?:(?:the|my|our)\s+)?"
                             r"(?P<place>[\w'-]+(?:\s+[\w'-]+)?)(?:\s+again)?", re.IGNORECASE)
# "what should I avoid eating?", "what can't I eat?", "can I eat shrimp?" (the sixty-third session: SmolLM2's
# "Unpasteurized milk is a major allergen …", "shrimp are not edible", with "I'm allergic to shellfish" kept): the
# allergies told, as "what am I allergic to?" says them
_EN_FOOD_ASKED = re.compile(r"(?:so\s+|and\s+|hey\s+|jarvis,?\s+)?(?:"
                            r"(?:what|which)\s+(?:foods?\s+|things\s+)?(?:should|do|must|need\s+to)\s+i\s+(?:avoid|stay\s+away\s+from|"
                            r"not\s+eat|be\s+careful\s+(?:with|about))(?:\s+eating)?"
                            r"|what\s+(?:can't|cannot|can\s+not|shouldn't|should\s+i\s+not)\s+i?\s*eat"
                            r"|is\s+there\s+anything\s+i\s+(?:can't|cannot|shouldn't)\s+eat"
                            r"|(?:can|should)\s+i\s+eat\s+(?P<food>[a-z][\w' -]{0,40}?)"
                            r")(?:\s+again)?", re.IGNORECASE)
# "what allergies does Hannah have?", "does my son have any allergies?" (the sixtieth session: SmolLM2's "1.
# HYDROXYLASTERIN"): the fact told of what they are allergic to ("Hannah is allergic to shellfish")
_EN_ALLERGIES = re.compile(_LEAD + r"(?:(?:what|which)\s+(?:food\s+)?allergies\s+(?:does|do)\s+(?P<a>{who})\s+have"
                           r"|(?:does|do)\s+(?P<b>{who})\s+have\s+(?:any\s+)?(?:food\s+)?allergies)(?:\s+again)?"
                           .replace("{who}", r"(?!(?:you|he|she|it|they|we|that|this)\b)(?:(?:my|our)\s+)?[\w'-]+"),
                           re.IGNORECASE)
# "what do I not like?", "what don't I like?", "what do I hate?", "what do I like?", "내가 싫어하는 거 뭐야?" (the sixty-first
# session: to SmolLM2): every like or dislike told ("I don't like cilantro", `remember_asked`), keyed "dislike" / "like"
_EN_LIKES = re.compile(_LEAD + r"what\s+(?:(?P<no>do\s+i\s+(?:not\s+like|dislike|hate|not\s+enjoy)|don't\s+i\s+(?:like|enjoy)|"
                       r"can't\s+i\s+stand)|do\s+i\s+(?:like|love|enjoy))(?:\s+again)?", re.IGNORECASE)
# "what does mia like?", "what does my son hate?", "what is Leo afraid of?" (round 65: to SmolLM2): the likes told of them
# ("mia likes dinosaurs", `remember_asked._EN_THEIR_LIKES`), keyed on who and "like" / "dislike" / "afraid"
_EN_THEIR_LIKES = re.compile(_LEAD + r"(?:what\s+(?:does|do)\s+(?P<who>(?!(?:i|you|he|she|it|they|we|that|this|one)\b)"
                             r"(?:(?:my|our)\s+)?[\w'-]+)\s+(?:(?P<no>not\s+like|hate|dislike|not\s+enjoy)|like|love|enjoy)"
                             r"|what(?:'s|\s+is)\s+(?P<afraid>(?!(?:i|you|he|she|it|they|we|that|this)\b)(?:(?:my|our)\s+)?[\w'-]+)"
                             r"\s+(?:afraid|scared)\s+of)(?:\s+again)?", re.IGNORECASE)
# "민지가 좋아하는 거 뭐야?", "민지는 뭘 싫어해?" (round 65: to SmolLM2): the likes told of them (`remember_asked._KO_THEIR_LIKES`)
_KO_THEIR_LIKES = re.compile(r"(?!(?:내|제|나|저|우리)(?:가|는|은)?\s)(?P<who>[가-힣]{1,5}?)(?:이가|가|이|이는|는|은)\s*(?:"
                             r"(?:(?P<no>싫어하는|안\s*좋아하는)|(?P<fear>무서워하는)|좋아하는)\s*(?:거|것|게|건)?\s*(?:뭐|뭔지|무엇)"
                             r"(?:야|예요|에요|였지|지|더라|였더라|이야)?"
                             r"|(?:뭘|뭐|무엇을)\s*(?:(?P<no2>싫어해|안\s*좋아해)|(?P<fear2>무서워해)|좋아해)(?:요)?)")
_KO_LIKES = re.compile(r"(?:내가|제가|나)\s*(?:(?P<no>싫어하는|안\s*좋아하는|못\s*먹는)|좋아하는)\s*(?:거|것|게|건|음식)?\s*"
                       r"(?:뭐|뭔지|무엇)(?:이었|였|이|야|예요|에요|였지|였더라|더라|지|였죠|죠|알아|기억해)*")
# "when does my car insurance renew?" (the sixty-first session: to SmolLM2): the fact told ("… renews on June 30")
_EN_RENEW = re.compile(_LEAD + r"when\s+(?:does|do|will)\s+(?:my|our|the)\s+(?P<x>(?:[\w'-]+\s+){0,3}?[\w'-]+)\s+"
                       r"(?P<v>renew|expire|run\s+out)(?:\s+again)?", re.IGNORECASE)
# "where do I live?" (the sixty-first session: to SmolLM2 after "I moved to Busan"): the move or the address told
# "what do I do for a living?", "where do I work?" (the sixty-third and sixty-fourth sessions: SmolLM2's "I'm a voice
# assistant …" with or without the work told): the user's work
_EN_MY_WORK = re.compile(_LEAD + r"(?:where\s+do\s+i\s+work|where\s+am\s+i\s+working|what\s+do\s+i\s+do\s+(?:for\s+(?:a\s+living|work)"
                         r"|at\s+work)|what(?:'s|\s+is)\s+my\s+(?:occupation|profession|line\s+of\s+work))(?:\s+again|\s+now)?",
                         re.IGNORECASE)
# "what does my wife do for a living?", "where does my brother work?", "what's my husband's job?" (round 65: to SmolLM2
# when never told, "My husband, JARVIS, is a voice assistant …"): someone's work, said back or said not told
_EN_THEIR_WORK = re.compile(_LEAD + r"(?:what\s+does\s+(?P<a>(?:my|our)\s+[a-z]+)\s+do\s+(?:for\s+(?:a\s+living|work)|at\s+work)"
                            r"|where\s+does\s+(?P<b>(?:my|our)\s+[a-z]+)\s+work"
                            r"|what(?:'s|\s+is)\s+(?P<c>(?:my|our)\s+[a-z]+)'s\s+(?:job|occupation|profession|line\s+of\s+work))"
                            r"(?:\s+again|\s+now)?", re.IGNORECASE)
_SOMEONE_WORK = frozenset("sister brother mom mum mother dad father wife husband son daughter friend boss partner "
                          "girlfriend boyfriend fiance fiancee neighbor neighbour roommate cousin aunt uncle niece nephew "
                          "grandma grandpa grandmother grandfather".split())
_EN_WHAT_I_DRIVE = re.compile(_LEAD + r"what\s+(?:do|did)\s+i\s+(?P<v>drive|ride)(?:\s+(?:now|these\s+days|again))?",
                              re.IGNORECASE)
_EN_WHERE_I_LIVE = re.compile(_LEAD + r"where\s+do\s+(?:i|we)\s+live(?:\s+now)?", re.IGNORECASE)
# "여동생에 대해 뭐 알아?" (the sixty-first session: SmolLM2's "(2026-12-06)"): every fact kept of them
_KO_ABOUT = re.compile(r"(?:(?:내|우리)\s*)?(?P<x>(?!나에|저에)[가-힣A-Za-z]{1,10}?)\s*(?:에\s*대해서?|에\s*관해서?)\s*"
                       r"(?:뭐|뭘|무엇을|어떤\s*거)\s*(?:알아|기억해|알고\s*있어|기억하고\s*있어)(?:요)?")
# "예비 열쇠 어디 있어?", "민호 어디 취직했어?", "나 어디 살아?" (the sixty-first session: to SmolLM2): where a thing was put
# (`remember_asked.told_where`), where someone got a job, where the user lives (a move or an address told)
_KO_WHERE_IS = re.compile(r"(?!(?:내|제|나의|우리)\s)(?P<x>[가-힣A-Za-z]{1,10}(?:\s+[가-힣A-Za-z]{1,10})?)(?:은|는|이|가)?\s*어디\s*"
                          r"(?:에\s*)?(?:있어|있지|있더라|있었지|있었더라|있나|있니)(?:요)?")
_KO_WHERE_JOB = re.compile(r"(?P<who>[가-힣A-Za-z]{1,10}?)(?:이|가|은|는)?\s*어디\s*(?:에\s*|로\s*)?(?P<v>취직|입사|이직)"
                           r"(?:했어|했지|했더라|했대|했다고\s*했지|했었지)(?:요)?")
_KO_WHERE_I_LIVE = re.compile(r"(?:나|내가|제가|저|우리)\s*(?:지금\s*)?어디\s*(?:에\s*)?(?:살아|살지|살더라|살고\s*있지|사는지\s*알아)(?:요)?")
# "의사가 뭐라고 했지?" (the sixty-first session's low: to SmolLM2, "의사가 뭐라고 했지는 일보에 무abe"): what someone
# told the user, kept as told ("의사가 3주 동안 무거운 거 들지 말라고 했다", `remember_asked._KO_TOLD_ORDER`)
_KO_WHO_SAID = re.compile(r"(?P<who>(?:담당\s*)?(?:의사\s*선생님|의사|선생님|교수님|간호사|약사|원장님))\s*(?:이|가|께서)?\s*"
                          r"(?:뭐라고|뭐라|뭐래|무슨\s*말\s*(?:했|하셨))\s*(?:했|하셨|그랬|그러셨|셨)?"
                          r"(?:지|더라|어|어요|죠|지요|었지|었더라|었죠)?")
# "다음 휴무 언제지?", "이번 주 근무 어떻게 돼?" (the sixty-second session: to SmolLM2): the shifts told (`remember_asked.
# _KO_TOLD_SHIFT`), each said back: which day is free is the user's to read from them
_KO_SHIFT_ASKED = re.compile(r"(?:(?:이번|다음)\s*주\s*)?(?:다음\s*)?(?:내\s*)?(?P<x>휴무|근무|쉬는\s*날|오프|나이트|당직)(?:일)?\s*(?:은|는|이|가)?\s*"
                             r"(?:언제|며칠|무슨\s*요일|어떻게)\s*(?:야|지|였지|이지|예요|이에요|였더라|더라|돼|되지|돼요|라고\s*했지)?")
_DISLIKE_WORDS = ("hate", "hates", "dislike", "dislikes", "don't", "doesn't", "never", "can't", "cannot", "싫어", "싫어해",
                  "싫어요", "안", "못")
_SECRET = re.compile(r"\b(?:password|passcode|pin|combination|wi-?fi|username|login)\b", re.IGNORECASE)
_THIRD_PERSON = {"go": "goes", "attend": "attends", "work": "works", "live": "lives", "study": "studies"}
_EN_ALL = re.compile(_LEAD + r"what\s+(?:do|did)\s+you\s+(?:remember|know)\s+about\s+me|what\s+have\s+i\s+told\s+you"
                     r"|what\s+did\s+i\s+ask\s+you\s+to\s+remember", re.IGNORECASE)
# ("우리 집 주소 뭐야?" is "my address": the sixty-first session's "새 주소는 …" holds no 집, and the old address answered)
_KO = re.compile(r"(?:(?:내|제|나의)\s+|우리\s*(?:집\s+(?=\S+\s*(?:은|는|이|가)?\s*\S))?)(?P<x>.+?)\s*(?:이|가|은|는)?\s*(?:뭐|무엇|어디|언제|몇\s*번|몇\s*시|누구|며칠|몇"
                 # "내 혈액형 알려 줘" (the fifty-sixth session: to SmolLM2, "- (2026-12-06)")
                 r"|(?:을|를|좀|\s)*(?:알려|말해)\s*(?:줘|주세요|줄래|줘요))"
                 r"(?:이었|였|이|야|예요|에요|였지|였더라|더라|지|였죠|죠|이었지|인지|였어|\s*에?\s*(?:있|뒀|두었)(?:지|어|니|더라|었지|나요))*"
                 # "내 혈액형 뭐라고 했지?" (the sixty-first session: to SmolLM2, "내 혈액형 무abe.")
                 r"(?:\s*(?:이)?라고\s*했(?:지|더라|죠|었지|잖아))?")
# "아내 생일 언제야?", "와이파이 비밀번호 뭐였지?": no 내/제, but the key is the kind of thing told to be kept
_KO_NOUN = re.compile(r"(?P<x>(?:[가-힣\w]+\s+){0,3}?[가-힣\w]*(?:생일|생신|기념일|번호|비밀번호|비번|패스워드|주소|이메일|사이즈|혈액형|알레르기|코드|별명"
                      r"|자리|위치|사물함|계좌|아이디"
                      # "강아지 이름 뭐였지?", "콩이 몸무게 얼마였지?" (the fifty-seventh session: to SmolLM2, kept a turn before)
                      r"|이름|몸무게|체중|키|나이"
                      # "결혼식장 어디였지?", "준이 알레르기 있는 거 뭐였지?" (the fifty-ninth session: to SmolLM2)
                      r"|식장|장소"
                      # "코코 사료 뭐 먹인다고 했지?" (the sixtieth session: to SmolLM2, "코코 사료 무어지는 이름이 있어요")
                      r"|사료|간식|품종"
                      # "내 학번 뭐였지?", "자동차 보험 갱신일 언제야?" (the sixty-first session: to SmolLM2, "(2026-12-06)")
                      r"|학번|사번|군번|갱신일|만기일|만료일|마감일|납부일"
                      # "민지 담임 선생님 누구야?", "민지 학교 어디야?" (round 65: to SmolLM2)
                      r"|담임|선생님|학교|유치원|어린이집|학원|소아과"
                      # "엄마 생일 선물 뭐야?" (pass79: to SmolLM2, "엄마 생일 선물은 3월 3일이야", made up of two facts)
                      r"|선물|메뉴|색깔|색|취미))(?:\s*있는\s*(?:거|게|건))?"
                      # "신발 사이즈 몇이었지?" (the fifty-sixth session: to SmolLM2, which said the kept fact three times)
                      r"\s*(?:이|가|은|는)?\s*(?:뭐|무엇|어디|언제|몇\s*번|며칠|몇\s*월\s*며칠|몇|얼마|몇\s*(?:킬로|키로|살)|누구|누구시)"
                      r"(?:이었|였|이|야|예요|에요|였지|였더라|더라|지|였죠|죠|이었지|인지|였어|이더라)*"
                      r"(?:\s*(?:먹인다고|먹이라고|준다고|주라고|(?:이)?라고)\s*(?:했지|했더라|했죠|했었지|했나))?")
# "회원 몇 명이라고 했지?", "간식 누가 가져오기로 했지?" (the sixty-first session: to SmolLM2): a count or who is to do a
# thing, asked back as told ("…라고 했지", "…였지"; "사과 몇 개 사야 돼?" asks no fact)
_KO_COUNT_OR_WHO = re.compile(r"(?:(?:우리|내|제)\s*)?(?P<x>(?:[가-힣\w]+\s+){0,2}?[가-힣\w]+?)\s*(?:은|는|이|가)?\s*"
                              r"(?:몇\s*(?:명|마리|가구|세대|팀|반)\s*(?:이라고\s*했(?:지|더라|죠|었지)|이었지|였지|이었더라|였더라|이더라)"
                              r"|누가\s*(?:[가-힣]{1,8}\s)?[가-힣]{1,8}기로\s*했(?:지|더라|죠|었지|어))")
# "주차 어디에 했더라?", "차 어디에 세웠지?", "열쇠 어디에 뒀더라?": where the user said they left it (`remember_asked`'s
# `told_where`; the fifty-fifth session: "주차 B2에 했어" was "nothing to mark done" and the question went to SmolLM2)
_KO_WHERE_DID_I = re.compile(r"(?:(?:내가|제가|나|저)\s+)?(?:(?:내|제)\s+)?(?P<x>[가-힣\w]+?)(?:은|는|을|를)?\s*어디(?:에|에다|에다가)?\s*"
                             r"(?P<v>주차\s*했|했|세웠|댔|뒀|두었|놔\s*뒀|놨|놓았|넣어\s*뒀|넣어\s*놨|넣었|숨겼)"
                             r"(?:지|더라|었지|었더라|어|나|니|을까|는지)?(?:요)?")
_KO_PARKING = frozenset(("차", "주차", "자동차"))
# "민호 뭐하는 사람이었지?", "지민이 누구더라?", "김 과장님 어디 담당이었지?" (the sixty-sixth session: SmolLM2's, the role
# told kept by `remember_asked._KO_TOLD_ROLE`): who someone is, asked by a name or a title
_KO_WHO_IS = re.compile(r"(?P<x>[가-힣]{2,4}|[가-힣]\s?[가-힣]{1,2}(?:\s?(?:과장|부장|대리|팀장|차장|실장|사장))?님)\s*(?:은|는|이|가)?\s*"
                        r"(?:누구(?:야|예요|에요|였지|더라|였더라|였죠|지|였어)?|뭐\s*하는\s*(?:사람|분|애)(?:이었지|이었더라|였지|이야|이지|이더라|이에요|이었죠)?"
                        r"|어디\s*담당(?:이었지|이었더라|이야|이지|이더라|이었죠|이에요)?)\s*[?？]?")
_KO_ALL = re.compile(r"(?:나|저)(?:에\s*대해|에\s*관해|에\s*대해서)\s*(?:뭘|뭐|무엇을)\s*(?:기억해|알아|기억하고\s*있어)"
                     r"|내가\s*(?:뭐|뭘)\s*기억해\s*달라고\s*했(?:지|더라|어)")
FACT_CHARS = 200   # of one fact, said back or searched
ABOUT_SAID = 8   # facts said for "what do you know about Mia?", newest first
NOT_TOLD_CHARS = 80   # of the question's words, said back in "You haven't told me …"
_NOT_TOLD_KEYS = frozenset("schedule calendar agenda plan plans task tasks to-do todo todos list reminder reminders "
                           "alarm alarms timer timers meeting meetings appointment appointments event events day week "
                           "today tomorrow tonight weekend time date weather location deadline deadlines next "
                           "일정 할 스케줄 약속 회의 알람 타이머 날씨 시간 날짜 오늘 내일".split())
# words that carry no key of their own in a question ("my wife's name": the wife is the key)
_GENERIC = frozenset("the a an of my our your is are was were name names number again exactly please "
                     "called it that this 이름 번호 뭐 거 것".split())


@dataclass(frozen=True)
class FactAsked:
    """`words`: the key words asked about ("bank pin hint"); empty for "what do you remember about me?"."""

    words: str
    lang: str
    told: str = ""   # how `not_told` names it when it is not the user's "my X" ("where you parked")
    owned: bool = True   # "my X": nothing kept is said missing; "where is the X?" (False) goes on to the model
    other: str = ""   # the key words as the other of two `readings` took them ("gate\u200bcode": "gatecode", "gate code")
    every: bool = False   # every fact holding the words, said back ("what do you know about Lily?")
    each: bool = False    # each fact holding the words is part of the answer (allergies: "… shellfish" and "… penicillin")
    older: bool = False   # the versions told before the newest only ("forget my old address", "옛날 주소 잊어버려")
    me: bool = False      # of what the user does ("what do I do for work"): a fact told of someone else is no answer
    thing: bool = False   # asked with its "the" ("what do you know about the bill?"): a thing, not someone named so
    # "who's Jenny?": a person asked by name. The embedded model knows no one the user knows (people72: "who is jenny"
    # -> SmolLM2's "Jenny is a voice assistant named JARVIS", "who is mr lee" -> a made-up NFL quarterback): said not told
    person: bool = False


def readings(text: str) -> tuple[str, ...]:
    """`text` as the memory readers try it: a zero-width space inside a word first as nothing, as a reader sees it
    ("my loc\u200bker code": "locker"; a paste's line-break hint), then as the space between two words the agenda
    reads it as (`textsafe.plain_words`: pass 30's "call\u200bmom"). Pass 56b: read only as a space, "what's my
    locker code?" denied "/remember my loc\u200bker code is 9911" and "forget my locker code" forgot nothing."""
    return (text.replace(ZERO_WIDTH_SPACE, ""), text) if ZERO_WIDTH_SPACE in text else (text,)


def fact_asked(text: str) -> FactAsked | None:
    """The remembered fact `text` asks back, or None."""
    return first_reading([_fact_asked(said) for said in readings(text)])


def first_reading(asked: Sequence[FactAsked | None]) -> FactAsked | None:
    """Of what each of `readings` asks, the first, holding the other's key words (`facts_meant` tries both)."""
    found = [a for a in asked if a is not None]
    if len(found) > 1 and found[1].words != found[0].words:
        return replace(found[0], other=found[1].words)
    return found[0] if found else None


def _fact_asked(text: str) -> FactAsked | None:
    said = " ".join(_plain(text).split()).rstrip(" .!?？~")
    korean = bool(re.search(r"[가-힣]", said))
    lang = "ko" if korean else "en"
    if (_KO_ALL if korean else _EN_ALL).fullmatch(said):
        return FactAsked("", lang)
    if not korean and (m := _EN_ABOUT.fullmatch(said)) is not None and _keys(m["x"]):
        return FactAsked(m["x"].strip(), lang, told=f"anything about {m['x'].strip()}", every=True,
                         thing=bool(re.match(r"the\s", m["x"], re.IGNORECASE)))
    if (m := (_KO_LIKES if korean else _EN_LIKES).fullmatch(said)) is not None:
        no = m["no"] is not None
        told = ("싫어하는 것" if no else "좋아하는 것") if korean else ("what you don't like" if no else "what you like")
        return FactAsked("dislike" if no else "like", lang, told=told, every=True)
    if not korean and (m := _EN_THEIR_LIKES.fullmatch(said)) is not None:
        who = m["afraid"] or m["who"]
        bare = re.sub(r"^(?:my|our)\s+", "", who, flags=re.IGNORECASE)
        if m["afraid"]:
            return FactAsked(f"{bare} afraid", lang, told=f"what {who} is afraid of", every=True, other=f"{bare} scared")
        no = m["no"] is not None
        return FactAsked(f"{bare} {'dislike' if no else 'like'}", lang, every=True,
                         told=f"what {who} {'does not like' if no else 'likes'}")
    if korean and (m := _KO_THEIR_LIKES.fullmatch(said)) is not None:
        verb = "무서워해" if m["fear"] or m["fear2"] else "싫어해" if m["no"] or m["no2"] else "좋아해"
        return FactAsked(f"{m['who']} {verb}", lang, every=True)
    if korean and _KO_SHIFT_ASKED.fullmatch(said) is not None:
        return FactAsked("근무", lang, told="근무 일정", every=True)
    if korean and (m := _KO_WHO_SAID.fullmatch(said)) is not None:
        who = " ".join(m["who"].split())
        return FactAsked(who, lang, told=f"{who}{'께서' if who.endswith('님') else '가'} 한 말",
                         other="의사" if who.startswith("의사 ") else "")   # "의사 선생님이 뭐라셨지?": 의사 told
    if korean and (m := _KO_ABOUT.fullmatch(said)) is not None:
        return FactAsked(m["x"], lang, told=f"{m['x']}에 대한 것", every=True)
    if not korean and (m := _EN_RENEW.fullmatch(said)) is not None and _keys(m["x"]):
        v = m["v"].lower()
        return FactAsked(f"{m['x']} {v.split()[0]}", lang, told=f"when your {m['x']} {v.replace('run', 'runs')}{'' if ' ' in v else 's'}")
    if not korean and _EN_MY_WORK.fullmatch(said) is not None:
        return FactAsked("work", lang, told="what you do for a living", other="job", me=True)
    if not korean and (m := _EN_WHAT_I_DRIVE.fullmatch(said)) is not None:
        # "what do i drive?" (round 65's leftover: to the model, or a remembered sentence said back as current): the car
        # or the bike kept ("i drive a blue honda civic" is kept "my car is a blue honda civic")
        thing = "car" if m["v"].lower() == "drive" else "bike"
        return FactAsked(thing, lang, told=f"what you {m['v'].lower()}")
    if not korean and (m := _EN_THEIR_WORK.fullmatch(said)) is not None \
            and (who := (m["a"] or m["b"] or m["c"]).split()[-1].lower()) in _SOMEONE_WORK:
        return FactAsked(f"{who} work", lang, told=f"what {(m['a'] or m['b'] or m['c']).lower()} does for a living",
                         other=f"{who} job")
    if not korean and _EN_WHERE_I_LIVE.fullmatch(said) is not None:
        return FactAsked("live", lang, told="where you live")
    if korean and (m := _KO_WHERE_JOB.fullmatch(said)) is not None:
        return FactAsked(f"{m['who']} {m['v']}", lang)
    if korean and _KO_WHERE_I_LIVE.fullmatch(said) is not None:
        return FactAsked("이사", lang, other="주소")
    if korean and (m := _KO_WHERE_IS.fullmatch(said)) is not None and not re.match(r"(?:그|이|저)\s", m["x"]):
        return FactAsked(m["x"], lang, owned=False)
    if korean:
        if (m := _KO_WHERE_DID_I.fullmatch(said)) is not None and (m["x"] in _KO_PARKING or m["v"] not in ("했",)):
            return FactAsked("주차" if m["x"] in _KO_PARKING else m["x"], lang)
        if (m := _KO_WHO_IS.fullmatch(said)) is not None and m["x"] not in ("그거", "이거", "저거", "거기", "여기", "이게", "그게") \
                and _keys(m["x"]):
            return FactAsked(m["x"], lang, owned=False)
        m = _KO.fullmatch(said) or _KO_NOUN.fullmatch(said) or _KO_COUNT_OR_WHO.fullmatch(said)
        if m and re.match(r"(?:그|이|저)\s", m["x"]):
            return None   # "그 영화 이름 뭐였지?": a thing of the talk, not a fact kept
        if not m or not _keys(m["x"]):
            return None
        # each allergy told of someone is one more, as in English (pass 62b: "아내는 새우 알레르기가 있어", then "… 페니실린
        # …": "아내 알레르기 뭐야?" said 페니실린 alone); the user's own ("내 알레르기") is one told value, as before
        x = m["x"].strip()
        return FactAsked(x, lang, each=x.endswith("알레르기") and bool(_keys(x.removesuffix("알레르기"))))
    if (m := _EN_THEIR_PLACE.fullmatch(said)) is not None and _keys(m["who"]):
        who = re.sub(r"^(?:my|our)\s+", "", m["who"], flags=re.IGNORECASE)
        kind = f"{who} {m['kind']}" if m["kind"] and m["kind"].lower() not in ("kind", "place") else ""
        third = _THIRD_PERSON[m["v"].lower()]
        told = f"what {m['kind']} {m['who']} {third}{' to' if third == 'goes' else ''}" if kind else f"where {m['who']} {third}"
        return FactAsked(f"{who} {third}", lang, told=told, other=kind)
    if (m := _EN_SET_TO.fullmatch(said)) is not None and _keys(m["x"]):
        return FactAsked(f"{m['x']} set", lang, owned=True, told=f"what the {m['x']} is set to")
    if (m := _EN_HOURS.fullmatch(said)) is not None and _keys(m["x"]):
        return FactAsked(f"{m['x']} {m['v']}s", lang, owned=False, told=f"when the {m['x']} {m['v']}s")
    if (m := _EN_THE_CODE_OF.fullmatch(said)) is not None:
        # a secret of a place ("the wifi password for the garage") is no one's but the user's to know: with none told
        # it is said missing, as "what's the wifi password?" is (pass 60b: SmolLM2 answered "The wifi password for the
        # garage is 1234567890."); a code may be the world's ("the area code for Boston") and goes on
        secret = _SECRET.search(m["x"]) is not None
        return FactAsked(f"{m['x']} {m['place']}", lang, owned=secret, told=f"the {said[m.start('x'):m.end('place')]}")
    if (m := _EN_ALLERGIES.fullmatch(said)) is not None:
        who = (m["a"] or m["b"]).strip()
        return _allergic(f"{who} allergic" if who.lower() != "i" else "allergic", lang)
    if (m := _EN_FOOD_ASKED.fullmatch(said)) is not None:
        # "can I eat shrimp?" with nothing told of an allergy is the world's question: the model's
        return replace(_allergic("allergic", lang), owned=m["food"] is None)
    for pattern in _EN:
        if (m := pattern.fullmatch(said)) and _keys(m["x"]):
            if m["x"].lower().endswith("allergic"):
                return _allergic(m["x"].strip(), lang)
            if said.lower().startswith("who") and m["x"].lower().startswith(_DOING):   # "who's bringing the snacks?"
                return FactAsked(m["x"].strip(), lang, told=f"who's {m['x'].strip()}")
            if said.lower().startswith("what did") and not said.lower().startswith("what did i"):
                return FactAsked(m["x"].strip(), lang, told=f"what the {m['x'].strip()} said")
            return FactAsked(m["x"].strip(), lang)
    if (m := _EN_WHERE_DID_I.fullmatch(said)) is not None:
        past = _PAST.get(m["v"].lower(), m["v"].lower())
        thing = (m["x"] or "").strip()
        return FactAsked(f"{past} {thing}".strip(), lang, told=f"where you {past} {thing}".strip())
    if (m := _EN_WHERE_THE.fullmatch(said)) is not None and _keys(m["x"]):
        return FactAsked(m["x"].strip(), lang, owned=False)
    if (m := _EN_WHAT_THE.fullmatch(said)) is not None and _keys(x := m["x"] or m["who"]):
        if m["who"]:   # "who's Jenny?": someone the user knows is told by the user, not made up (`FactAsked.person`)
            return FactAsked(x.strip(), lang, owned=False, person=True, told=f"who {x.strip()} is")
        return FactAsked(x.strip(), lang, owned=False)
    return None


_DOING = ("bringing", "driving", "doing", "handling", "making", "buying", "getting", "baking", "cooking", "covering",
          "organising", "organizing", "working")


def _allergic(words: str, lang: str) -> FactAsked:
    """"Hannah allergic", "allergic" (the user's own): said missing as "what Hannah is allergic to", not "about your
    Hannah allergic" (the sixtieth session)."""
    who = words[:-len("allergic")].strip()
    # each allergy told is one more, not a correction of the last (pass 61b: "Hannah is allergic to shellfish", then "…
    # to penicillin": "what allergies does Hannah have?" said penicillin alone); of a name only ("allergic" alone, the
    # user's own, would take in everyone's)
    return FactAsked(words, lang, told=f"what {who} is allergic to" if who else "what I'm allergic to", each=bool(who))


def fact_meant(asked: FactAsked, facts: Sequence[str]) -> int | None:
    """The fact (index in `facts`, newest first) holding every key word of the question (a word counts when one
    starts the other: "birthday" / "birthdays", "사물함" / "사물함은"); the newest of the best (`of_the_thing_asked`);
    None when none."""
    found = facts_meant(asked, facts)
    return next(iter(of_the_thing_asked(asked, facts, found) or found), None)


# what a fact is of: the words before "is" / "은" / ":" (pass 79: "what's my gym code?" was answered with the newer
# "my gym locker code is 9911", "what car do i have?" with "my car insurance renews in may", "forget mom's birthday"
# asked which of it and "mom's birthday present idea is a scarf")
_OF_WHAT = re.compile(r"\s+(?:is|are|was|were)\s+|(?<=[가-힣])(?:은|는)\s+|\s*[:：]\s*", re.IGNORECASE)
_NOT_THE_THING = frozenset("new current old 새 지금 현재 우리 집".split())


def of_the_thing_asked(asked: FactAsked, facts: Sequence[str], found: Sequence[int]) -> list[int]:
    """Of `found` (indexes in `facts` holding the question's key words), those told of the very thing asked: every key
    word of what the fact is of is one asked ("my gym code is 4471" for "gym code", not "my gym locker code is 9911");
    [] when none is."""
    asked_keys = [k for words in (asked.words, asked.other) if words for k in _keys(words)]
    asked_keys += [same for k in asked_keys for same in _KO_SAME.get(k, ())]

    def of_it(fact: str) -> bool:
        parts = _OF_WHAT.split(" ".join(said_of(fact).split()), maxsplit=1)
        if len(parts) < 2:
            return False
        keys = [k for k in _keys(parts[0]) if k not in _NOT_THE_THING]
        return bool(keys) and all(any(_key_word(k, a) for a in asked_keys) for k in keys)

    return [i for i in found if of_it(facts[i])]


_DETERMINER = r"(?:the|a|an|this|that|my|your|our|their|his|her|its|each|every|another)"


def noun_not_name(asked: FactAsked, facts: Sequence[str], descs: Sequence[str]) -> list[int]:
    """The promises (indexes in `descs`) to leave out of "On your agenda: …" after "what do you know about bill?": the
    one word asked, with no article, is a name in a kept fact ("bill is my accountant") and only a thing in the promise
    ("pay the bill"; english67's left). None left out when no fact names it so ("what do you know about rent?")."""
    words = asked.words.split()
    if len(words) != 1 or not re.fullmatch(r"[a-z][a-z'-]+", word := words[0].lower()):
        return []
    named = re.compile(rf"(?<![\w'-])(?P<det>{_DETERMINER}\s+)?{re.escape(word)}(?:'s)?(?![\w-])", re.IGNORECASE)
    if not any(m["det"] is None for fact in facts for m in named.finditer(said_of(fact))):
        return []
    return [i for i, desc in enumerate(descs)
            if (found := list(named.finditer(desc))) and all(m["det"] is not None for m in found)]


def name_not_noun(asked: FactAsked, facts: Sequence[str]) -> list[int]:
    """The facts (indexes in `facts`) to leave out of "what do you know about the bill?": the one word asked after "the"
    is only a name in them ("bill is my accountant"; english68 left it: his facts said of the thing). None left out when
    it was asked with no article, or by more than one word."""
    words = asked.words.split()
    if not asked.thing or len(words) != 2 or not re.fullmatch(r"[a-z][a-z'-]+", word := words[1].lower()):
        return []
    named = re.compile(rf"(?<![\w'-])(?P<det>{_DETERMINER}\s+)?{re.escape(word)}(?:'s)?(?![\w-])", re.IGNORECASE)
    return [i for i, fact in enumerate(facts)
            if (found := list(named.finditer(said_of(fact)))) and all(m["det"] is None for m in found)]


# what a thing's number is asked as: "what's my bike lock code?" of "my bike lock is 9912" (focus72: "You haven't told me
# about your bike lock code"), answered by a fact of the thing with a number in it
_VALUE_NOUNS = frozenset("code codes pin password passcode combination combo".split())
_DIGIT = re.compile(r"\d")


def facts_meant(asked: FactAsked, facts: Sequence[str]) -> list[int]:
    """Every fact (indexes in `facts`) holding every key word of `asked`, as `fact_meant` reads them; with none, of a
    thing's code asked ("bike lock code") the facts of the thing ("bike lock") that hold a number."""
    found = _facts_holding_keys(asked, facts)
    keys = _keys(asked.words) if asked.words else []
    named = [key for key in keys if key not in _VALUE_NOUNS]
    if found or not named or len(named) == len(keys):
        return found
    thing = replace(asked, words=" ".join(named), other="")
    return [i for i in _facts_holding_keys(thing, facts) if _DIGIT.search(said_of(facts[i]))]


def _facts_holding_keys(asked: FactAsked, facts: Sequence[str]) -> list[int]:
    key_sets = [keys for words in (asked.words, asked.other) if words and (keys := _keys(words))]
    if not key_sets:
        return []
    found = []
    for i, fact in enumerate(facts):
        # a one-syllable Korean word is a key too ("내 차 번호": 차; the fifty-fifth session's "내 차 번호 뭐였지?" found
        # nothing kept, "12가 3456" told a turn before)
        words = [w for reading in readings(said_of(fact)) for w in _words(reading)
                 if len(w) > 1 or w.isdigit() or _HANGUL.match(w)]
        if key_sets[0][-1:] in (["like"], ["좋아해"]) and any(w in _DISLIKE_WORDS for w in words):
            continue   # "what do I like?" is not answered by "I don't like cilantro"
        if asked.me and of_someone_else(said_of(fact)):
            continue   # "what do I do for work" is not answered by "my brother works as an electrician" (round 65)
        if key_sets[0] in (["like"], ["dislike"]) and not _MINE.match(said_of(fact)):
            continue   # nor "what do I like?" by "mia likes dinosaurs" (round 65): the user's own likes only
        if any(all(any(_key_word(w, k) or any(_key_word(w, o) for o in _KO_SAME.get(k, ())) for w in words)
                   for k in keys) for keys in key_sets):
            found.append(i)
    return found


_MINE = re.compile(r"\s*(?:(?:so|and|oh|also|actually)[\s,]+)*(?:i|나는|난|저는|전|나|저)(?:\s|$)", re.IGNORECASE)
_KO_PARTICLES = frozenset("은 는 이 가 을 를 의 도 에 에서 로 으로 랑 이랑 하고 만".split())


def _key_word(word: str, key: str) -> bool:
    """`_same_word`, and a one-syllable Korean key only with a particle after it ("차" is "차는", not "차가운")."""
    if len(key) == 1 and _HANGUL.match(key):
        return word == key or (word.startswith(key) and word[1:] in _KO_PARTICLES)
    if len(word) == 1 and _HANGUL.match(word):
        return word == key or (key.startswith(word) and key[1:] in _KO_PARTICLES)
    return _same_word(word, key)


def _same_word(word: str, key: str) -> bool:
    """One is the other with a plural's ending ("birthday" / "birthdays", "hobby" / "hobbies") or a Korean particle or
    counter after it ("사물함" / "사물함은", "27번" / "27번이야"); a number is not the start of a longer one (pass 42:
    "what's my gate 1 code?" was answered with the newer "gate 12 code is 77"), nor a word the start of another word
    (pass 45: "what's my locker code?" was answered "You told me your bike lock code is 9031.", "what's my pin?" with
    the Pinterest password)."""
    short, long = sorted((word, key), key=len)
    if short.endswith("y") and long == short[:-1] + "ies":
        return True
    if not long.startswith(short):
        return False
    tail = long[len(short):]
    if not tail:
        return True
    if short[-1:].isdigit() and tail[:1].isdigit():
        return False
    return tail in ("s", "es") or _HANGUL.match(tail) is not None


_HANGUL = re.compile(r"[\uac00-\ud7a3]")
# where the car is: told "주차 B2에 했어" or "차 B2에 세웠어", asked "주차 어디 했지?" or "차 어디 세웠지?" (both key 주차)
# a key word and the words a fact may hold instead: "what do I like to drink?" is answered by "I prefer tea over coffee"
_KO_SAME = {"주차": ("차", "자동차"),
            "drink": ("prefer", "tea", "coffee", "juice", "soda", "beer", "wine", "water", "milk", "drinks"),
            "eat": ("prefer", "food", "vegetarian", "vegan", "allergic", "eats"),
            # "what's Lily's school?" answered by "Lily goes to Maple Elementary" (the fifty-ninth session)
            # "what's my license plate?" answered by "my car is a 2019 Honda Civic, plate ABC 1234" (the sixtieth session)
            "license": ("plate", "licence"),
            # a like or dislike told (`_EN_LIKES`, `_KO_LIKES`); "what's Mia's birthday?" answered by "Mia was born on …"
            "dislike": _DISLIKE_WORDS, "like": ("love", "loves", "enjoy", "adore", "likes", "좋아", "좋아해", "좋아해요"),
            "birthday": ("born",),
            # "where does Tom work?" answered by "Tom got a new job at Google"; "where do I live?" by "I moved to Busan"
            "works": ("job",), "dentist": ("teeth",), "hairdresser": ("hair",), "barber": ("hair",),
            "accountant": ("taxes", "books"), "mechanic": ("car",), "gardener": ("garden", "lawn"), "live": ("moved", "address", "lives"),
            "school": ("elementary", "academy", "kindergarten", "preschool", "daycare", "college", "university", "high",
                       "goes", "go", "attends"),
            # a word and its short form (the seventieth session: "사물함 비번 뭐였지?" after "내 사물함 비밀번호는 4471이야",
            # "what's my locker pw" after "my locker password is 4471": said never told)
            "pw": ("password", "passcode", "pwd"), "pwd": ("password", "passcode", "pw"), "password": ("pw", "pwd", "passcode"),
            "passcode": ("password", "pw", "pwd"), "비번": ("비밀번호", "암호"), "비밀번호": ("비번", "암호"), "암호": ("비밀번호", "비번"),
            "폰": ("휴대폰", "핸드폰", "전화"), "휴대폰": ("핸드폰", "폰"), "핸드폰": ("휴대폰", "폰"), "생일": ("생신",), "생신": ("생일",)}


def said_of(fact: str) -> str:
    """What the user said of a fact: a pointer's ("that\\n사용자: my wifi password is sunflower77\\n답: …") is the line
    it pointed at; at most FACT_CHARS of it (a 3 MB paste kept by /remember is neither read out nor searched whole:
    200 such facts took 35 s to search)."""
    head = fact[:FACT_CHARS * 4]
    if "\n사용자: " in head:
        head = head.split("\n사용자: ", 1)[1].split("\n", 1)[0]
    if len(head) <= FACT_CHARS:
        return head
    return head[:FACT_CHARS].rsplit(" ", 1)[0] + " …"


def _keys(words: str) -> list[str]:
    """The words that tell a fact apart ("my wife's name": "wife"); "my name" alone keys on "name"."""
    said = _words(words)
    keys = [w for w in said if w not in _GENERIC]
    return keys or (["name"] if said == ["name"] else [])


def keys_beside(words: str, beside: str) -> list[str]:
    """The key words of `words` that are none of `beside`'s ("not Jenny" beside "Jenny": none; "not shellfish":
    "shellfish")."""
    theirs = _keys(beside)
    return [key for key in _keys(words) if not any(_same_word(key, word) for word in theirs)]


def _plain(text: str) -> str:
    """The words as the rules read them (pass 42): a phone's "what’s" (U+2019) is "what's", full-width and
    mathematical letters and a ligature ("ｌｏｃｋｅｒ", "𝐛𝐚𝐧𝐤", "ﬁle") their plain forms, invisible characters off."""
    # "whats the hotel confirmation number" (the sixty-second session: to SmolLM2, which said a date) as typed or heard
    # without its apostrophe
    return _NO_APOSTROPHE.sub(lambda m: f"{m[1]}'s", plain_words(text).replace("\u2019", "'"))


_NO_APOSTROPHE = re.compile(r"\b(what|who|where|when|how)s\b", re.IGNORECASE)


def _words(text: str) -> list[str]:
    # a letter's combining marks are of its word: "İpek" casefolds to "i\u0307pek", read as "i", "pek" (pass 59c: "where
    # does İpek live?" found nothing, the one-letter "i" no key of a fact)
    words = (w.removesuffix("'s").strip("'") for w in re.findall(r"[\w'\u0300-\u036f]+", _plain(text).casefold()))
    return [w for w in words if w]   # "what's my 's?" asks about nothing (it matched every fact)


def said_back(asked: FactAsked, facts: Sequence[str]) -> str | None:
    """The answer from the facts the user asked to keep (newest first), or None to leave the question to the model:
    "You told me your bank PIN hint is the blue notebook." / "기억하고 있어요: 내 사물함 번호는 27번이야."; for "what do you
    remember about me?" the newest three ("You told me: your locker code is 4512; and your bank PIN hint is …")."""
    from jarvisd.openloop.phrases import second_person  # the agenda's "my" -> "your", one owner

    def said(fact: str) -> str:
        text = said_of(fact).strip().rstrip(".!")
        return text if asked.lang == "ko" else second_person(text)

    if not asked.words:
        shown = [said(fact) for fact in facts[:3]]
        if not shown:
            return "아직 기억해 달라고 하신 게 없어요." if asked.lang == "ko" else \
                "You haven't asked me to remember anything yet."
        if asked.lang == "ko":
            return "기억하고 있는 건: " + "; ".join(shown) + "."
        listed = shown[0] if len(shown) == 1 else "; ".join(shown[:-1]) + f"; and {shown[-1]}"
        return f"You told me: {listed}."
    if asked.every:   # "what do you know about Lily?": the newest eight of them (round 65: three left her allergy out)
        apart = set(name_not_noun(asked, facts))   # "… about the bill": not Bill's
        shown = [said(facts[i]) for i in [i for i in facts_meant(asked, facts) if i not in apart][:ABOUT_SAID]]
        if not shown:
            return None
        if asked.lang == "ko":
            return "기억하고 있는 건: " + "; ".join(shown) + "."
        listed = shown[0] if len(shown) == 1 else "; ".join(shown[:-1]) + f"; and {shown[-1]}"
        return f"You told me: {listed}."
    if asked.each and len(every := facts_meant(asked, facts)) > 1:   # newest first, as many as were told (three)
        shown = [said(facts[i]) for i in every[:3]]
        return f"You told me {'; '.join(shown[:-1])}; and {shown[-1]}." if asked.lang != "ko" else \
            ko_told_back("; ".join(shown))
    found = fact_meant(asked, facts)
    if found is None:
        return None
    return ko_told_back(said(facts[found])) if asked.lang == "ko" else f"You told me {said(facts[found])}."


# "내 차 번호는 12가 3456이야" said back as the user's, in the assistant's words: "차 번호는 12가 3456이라고 하셨어요."
# (it was "기억하고 있어요: 내 차 번호는 12가 3456이야.", the user's 반말 and "내" said back as the assistant's own)
_KO_OWNER = re.compile(r"^(?:내|제|나의|저의)\s+")
_KO_IS_END = re.compile(r"(?P<head>.+?)(?P<end>이야|야|이에요|예요|에요|입니다|이다|이요|요|임|이래|래)$")
_KO_DID_END = re.compile(r"(?P<head>.+(?:했|었|았|웠|뒀|댔|놨|겼|있|꿨|줬|췄|뤘))(?:어|어요|음|다|습니다|대|대요)$")


def ko_told_back(fact: str) -> str:
    """A Korean fact the user told, said back: "…이라고 하셨어요." for "…이야", "…했다고 하셨어요." for "…했어";
    any other ending as before ("기억하고 있어요: …")."""
    return ko_quoted(fact, "하셨어요") or f"기억하고 있어요: {fact.strip()}."


def ko_quoted(fact: str, verb: str) -> str | None:
    """"내 차 번호는 12가 3456이야" quoted before `verb` ("하셨어요", "기억해 둘게요"): "차 번호는 12가 3456이라고 …";
    None when its ending is not a plain "it is" or a past deed."""
    text = _KO_OWNER.sub("", fact.strip().rstrip(" .!~"))
    if len(text) > FACT_CHARS or "\n" in text:   # a long paste is not quoted
        return None
    if (m := _KO_DID_END.fullmatch(text)) is not None:
        return f"{m['head']}다고 {verb}."
    if (m := _KO_IS_END.fullmatch(text)) is not None and re.search(r"[가-힣\w]$", m["head"]):
        last = m["head"][-1]
        # after a syllable its last consonant says 이라고 or 라고 ("A형" / "아내"); after a digit or a letter, what was said
        closed = (ord(last) - 0xAC00) % 28 != 0 if _HANGUL.match(last) else m["end"].startswith(("이", "입"))
        return f"{m['head']}{'이' if closed else ''}라고 {verb}."
    return None


_ASKING = frozenset("what what's where where's when when's who who's how how's which why is are was were do does did can could "
                    "will would should i you me it its that this there still about for to in on at with and or but".split())


def unasked_facts(question: str, facts: Sequence[str]) -> list[str]:
    """The kept facts (as said, and in the second person a model says them back) that share no word with `question`:
    said back whole as its answer they answer nothing asked (`agent.repeats.ParrotDrop`)."""
    from jarvisd.openloop.phrases import second_person

    asked = [w for w in _words(question) if w not in _GENERIC and w not in _ASKING and (len(w) > 1 or w.isdigit())]
    unasked = []
    for fact in facts:
        said = said_of(fact).strip().rstrip(".!")
        if not any(_same_word(w, k) for w in _words(said) for k in asked):
            unasked += [said, second_person(said)]
    return unasked


def of_the_agenda_or_world(asked: FactAsked) -> bool:
    """The question's keys name the agenda, the clock or the world ("my next meeting", "my schedule", "my weather"):
    no fact not kept is to be said missing for it (the model, or the desk, is asked)."""
    return bool(set(_keys(asked.words)) & _NOT_TOLD_KEYS)


def not_told(asked: FactAsked) -> str:
    """No fact kept answers it, said by the assistant when its model is too small to be trusted with the question
    (SmolLM2 made one up: "what is my favourite colour?" -> "my favourite colour is blue")."""
    from jarvisd.openloop.phrases import second_person

    if asked.lang == "ko":
        return "그건 아직 말해 주신 적이 없어요. 알려 주시면 기억해 둘게요."
    if asked.person and _full_name(asked.words):   # "who is tom hanks": maybe someone in the news, not the user's
        return f"You haven't told me who {asked.words} is, and the small built-in model can't answer about people reliably."
    about = second_person(asked.told) if asked.told else f"about {asked.words}" if _someone_named(asked.words) \
        else f"about {second_person('my ' + asked.words)}"
    if len(about) > NOT_TOLD_CHARS:   # "where did I put my my my … keys?" (500 words) was said back whole
        about = about[:NOT_TOLD_CHARS].rsplit(" ", 1)[0] + " …"
    return f"You haven't told me {about}{'' if about.endswith('…') else '.'} Tell me, and I'll remember it."


_KIN = frozenset("mom mum mother dad father wife husband son daughter sister brother grandma grandpa grandmother grandfather "
                 "aunt uncle cousin niece nephew partner boss friend baby kid kids dog cat puppy kitten parents "
                 "landlord landlady neighbor neighbour teacher doctor coach".split())


def _full_name(words: str) -> bool:
    """"tom hanks", not "mr lee" or "jenny": a name and a surname, who may be anyone (a title before a name is someone
    the user knows, people72)."""
    parts = words.split()
    return len(parts) == 2 and re.fullmatch(EN_TITLE + r"\.?", parts[0], re.IGNORECASE) is None


def _someone_named(words: str) -> bool:
    """"mia's teacher", "Leo's school": of someone named, not the user's own ("your mia's teacher", round 65); "mom's
    birthday" is the user's mom's."""
    m = re.match(r"([^\W\d_]+)'s\s", words)
    return m is not None and m[1].casefold() not in _KIN


def unreadable(asked: FactAsked) -> str:
    """Memory failed while a kept fact was asked back: said, not left to a model that makes one up (a damaged table:
    SmolLM2 answered "what is my locker code?" with "I remember the way you looked at me…")."""
    if asked.lang == "ko":
        return "지금은 기억을 읽을 수 없어요. 저장소에 문제가 있어요: `jarvisd doctor`가 원인과 복구 방법을 알려 줘요."
    return "I can't read my memory right now: its store has a problem. `jarvisd doctor` says what broke and how to recover."
