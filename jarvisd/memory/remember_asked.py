"""A fact to keep, asked in words: "remember that my bank PIN hint is the blue notebook", "remember: parking is on
level 3", "don't forget that Mina is vegetarian", "remember that" (the last exchange), "내 여동생 생일은 5월 3일이야,
기억해 줘", "그거 기억해". Pure: what `/remember` would be given, or None.

Before (the forty-fourth session) these went to the model: on the offline default SmolLM2 answered "remember that
my sister's birthday is May 3" with "Remembering that your sister's birthday is May 3 is a common practice in many
cultures." and kept nothing; only the typed `/remember` kept a fact. A promise ("remember to call Bob"), a question
("do you remember …", "remember when …?", "기억해?") is not one.
"""

from __future__ import annotations

import re

from jarvisd.language import EN_TITLE
from jarvisd.memory.deixis import only_deixis
from jarvisd.memory.fact_words import FACT_NOUNS
from jarvisd.textsafe import latin_looks, shown

_EN = (
    re.compile(r"(?:(?:please|jarvis|hey\s+jarvis|ok|okay|and|also)[\s,]+)*(?:remember|don't\s+forget|do\s+not\s+forget|"
               r"keep\s+in\s+mind|note|make\s+a\s+note)\s*,?\s+(?:that\s+|at\s+(?=(?:my|our)\s))(?P<fact>.{3,})", re.IGNORECASE),
    re.compile(r"(?:(?:please|jarvis|hey\s+jarvis|ok|okay)[\s,]+)*(?:remember|note)\s*[:\-–]\s*(?P<fact>.{3,})",
               re.IGNORECASE),
    re.compile(r"(?:(?:please|jarvis|hey\s+jarvis|ok|okay)[\s,]+)*remember\s*,?\s+(?:at\s+)?(?P<fact>(?:my|our)\s+.+?\s+(?:is|are)\s+.+)",
               re.IGNORECASE),
    # "add a note: the garage code is 4417" (the fiftieth session: said back, kept nowhere; "what's the garage code?"
    # then went to SmolLM2, "a set of regulations and guidelines …"): a statement only, "add a note: call Bob" is a task
    re.compile(r"(?:(?:please|jarvis|hey\s+jarvis|ok|okay|and|also)[\s,]+)*(?:(?:can\s+you\s+)?(?:add|make|take|leave|write)\s+"
               r"(?:me\s+)?a\s+note|note\s+(?:this|that)\s+down)\s*[:\-–,]\s*(?P<fact>.{1,200}?\b(?:is|are|was|were)\b.{1,200})",
               re.IGNORECASE),
)
# "remember the spare key is under the blue pot" (pass 55b: kept as a promise, "When should I remind you?", and "where
# is the spare key?" then went to the model); one with a time ("remember the dentist is on Friday at 2") stays the
# agenda's reminder, as before
_EN_THE = re.compile(r"(?:(?:please|jarvis|hey\s+jarvis|ok|okay)[\s,]+)*remember\s*,?\s+(?P<fact>the\s+.+?\s+(?:is|are)\s+.+)",
                     re.IGNORECASE)
# "my name is Alex", "call me Alex": the user's name, kept as a fact without "remember" (the session's chat: SmolLM2
# answered "I'm Alex, and I'll be your personal assistant" and kept nothing); "call me later" is a request, not a name
_EN_NAME = re.compile(r"(?i:(?:(?:hi|hello|hey|ok|okay|so|and|jarvis)[\s,]+)*)(?:(?i:my\s+name\s+is|my\s+name's)\s+"
                      r"(?P<said>[A-Za-z][\w'-]*(?:\s+[A-Za-z][\w'-]*)?)|(?i:call\s+me|you\s+can\s+call\s+me|i\s+go\s+by)\s+"
                      r"(?P<name>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?))")
_NOT_A_NAME = frozenset("Later Back Tomorrow Tonight Today Now Soon When If At In On Please Maybe Sometime Anytime Again "
                        "Monday Tuesday Wednesday Thursday Friday Saturday Sunday Mom Dad Him Her Them".split())
# "my wife's birthday is March 3", "our wifi password is sunflower77", "아내 생일은 3월 3일이야": a fact told without
# "remember", kept when its key is the kind of thing one tells an assistant to keep (the forty-sixth session: SmolLM2
# answered "my wife's birthday is March 3" with a line of Hangul and kept nothing; "when is my wife's birthday?" then
# found nothing). "My phone is dead", "my code is broken", "my head is killing me" are no such facts.
_FACT_NOUNS = FACT_NOUNS
# a name as people write it: a capital, then small letters, past ASCII too ("Zoë", "José", "Émilie", "Zoe\u0308";
# pass 59a: `[A-Z][a-z]+` kept "Lily is allergic to peanuts" and let "Zoë is allergic to peanuts" go to the model)
# (pass 59c: and Turkish "İpek", whose İ lowers to two characters; "Łódź", "Škoda", "Газпром" begin a place alike)
_UPPER = "".join(c for c in map(chr, range(0xC0, 0x530)) if c.isupper() and (len(c.lower()) == 1 or c == "\u0130"))
_NAME = r"(?-i:[A-Z" + _UPPER + r"](?:[^\W\d_A-Z" + _UPPER + r"]|[\u0300-\u036f])+)"
_CAPITAL = r"[A-Z" + _UPPER + r"][\u0300-\u036f]*"   # a capital as typed, with its marks if decomposed ("A\u0301vila")
_PLACE_LETTERS = r"[\w'&.\u0300-\u036f-]*"
_TOLD_LEAD = r"(?i:(?:(?:oh|so|and|also|actually|um|uh|by\s+the\s+way|btw|fyi|jarvis|ok|okay|just\s+so\s+you\s+know)[\s,]+)*)"
# whose: "my", "our", "Mia's", and as a recognizer writes it, "mom's", "dad's", "the dog's" (not "it's", "what's")
# a name as a typed chat or a recognizer writes it, lower-case ("mia's teacher is mrs. patel", "mia is allergic to peanuts":
# round 65, to SmolLM2 and nothing kept): one word that is none of the words a sentence starts with
_LOW_LATIN = "".join(c for c in map(chr, range(0xDF, 0x250)) if c.islower())   # ß à é ø ı ł ž …
_LOW_NAME = (r"(?!(?:it|that|what|there|here|he|she|who|where|how|why|when|which|let|this|these|those|today|tomorrow|"
             r"tonight|yesterday|everyone|everybody|someone|somebody|nobody|anyone|anybody|no\s*one|one|world|nation|"
             r"country|year|week|month|life|people|other|else|mine|yours|i|you|we|they|it|my|our|your|his|her|their|the|a|"
             r"an|and|but|so|or|if|then|also|actually|oh|ok|okay|well|yes|no|not|just|jarvis|everything|nothing|"
             r"something|anything|all|some|each|every|both|either|neither|god|is|are|was|were|has|had)\b)"
             # pass 66: a lower-case name with a letter of another Latin alphabet ("zoë is allergic to peanuts",
             # "josé likes dinosaurs") went to the model and nothing was kept
             r"(?-i:[a-z" + _LOW_LATIN + r"](?:[a-z" + _LOW_LATIN + r"-]|[\u0300-\u036f]){1,19})(?![\w\u0300-\u036f])")
_OWNER = (r"(?:(?i:my|our)|" + _NAME + r"'s|" + _LOW_NAME + r"'s|(?:the\s+)?(?!(?:it|that|what|there|here|he|she|who|where|how|let|this)'s)"
          r"(?:mom|mum|dad|mother|father|grandma|grandpa|wife|husband|son|daughter|sister|brother|dog|cat|puppy|kitten|"
          r"baby|kid|kids|boss|partner|aunt|uncle|parents|"
          # "the landlord's number is 555 0142" (the fifty-ninth session's move: SmolLM2 made a number up when asked)
          r"landlord|landlady|neighbou?r|teacher|principal|coach|doctor|babysitter|nanny|realtor|grandson|granddaughter|"
          r"nephew|niece|cousin|friend|movers?)'s(?:\s+(?:mom|mum|dad|mother|father))?)")
# "the wifi password for the office is tulip-4492", "the door code at my mom's is 1234" (the fifty-seventh session: "I
# see.", nothing kept): a fact of a place or a thing named after its key
# ("my locker code at work is 4471", "our wifi password for customers is latte2024": the sixty-fifth session's nurse and
# café owner, SmolLM2's "Can you please tell me what your locker code is?" and nothing kept: what it is for or where, after)
_EN_TOLD = re.compile(_TOLD_LEAD + r"(?P<fact>(?:" + _OWNER + r"\s+(?:[\w'’-]+\s+){0,3}?(?i:" + _FACT_NOUNS +
                      r")(?:\s+(?i:for|at|of|in)\s+(?:(?i:the|my|our)\s+)?(?!\d)[\w'’-]+)?|(?i:the)\s+(?:[\w'’-]+\s+){0,3}?(?i:" + _FACT_NOUNS + r")(?=\s+(?i:is|are)\s)"
                      r"|(?i:the)\s+(?:[\w'’-]+\s+){0,2}?(?i:" + _FACT_NOUNS + r")\s+(?i:for|of|at|to|in)\s+(?:(?i:the|my|our|[a-z]+'s)"
                      r"\s+[\w'’-]+(?:\s+[\w'’-]+)?|"
                      # "the wifi password for room 17 is tulip-00017" (pass 59b): a place named by a number, no "the"
                      r"[A-Za-z]+\s+\d[\w-]{0,9}))\s+(?i:is|are|was|were)\s+(?P<value>.{1,120}))")
# "I'm allergic to peanuts", "I'm vegetarian", "I'm lactose intolerant" (the fiftieth session: SmolLM2, "I don't have
# personal preferences or allergies", nothing kept)
# ... and of someone named ("Lily is allergic to peanuts", "my son is allergic to eggs": the fifty-seventh session, SmolLM2
# said a kept fact back and nothing was kept)
# ("FYI my wife Jenny is allergic to shellfish": the sixty-first session, to SmolLM2, nothing kept)
_EN_THEIR_ALLERGY = re.compile(_TOLD_LEAD + r"(?P<fact>(?:(?!(?:He|She|It|This|That|There|What|Who)\b)" + _NAME +
                               r"|" + _LOW_NAME + r"|(?i:my|our)\s+[a-z]+(?:\s+(?:" + _NAME + r"|" + _LOW_NAME + r"))?)"
                               r"\s+(?i:is|are)\s+(?i:allergic)\s+to\s+.{2,80})")
# "Lily goes to Maple Elementary", "my sister lives in Denver", "Sam works at Acme Corp" (the fifty-ninth session: "Sorry,
# I don't have an answer to that.", nothing kept, and "what school does Lily go to?" got SmolLM2's "the University of New
# Haven"): where someone named goes to school, works or lives, kept. The place is a name (capitals, as a recognizer
# writes one) or a school's kind; "my son goes to bed at 8", "Mom goes to the doctor on Friday" are no such facts
_EN_THEIR_PLACE = re.compile(
    _TOLD_LEAD + r"(?P<fact>(?:(?!(?:He|She|It|This|That|There|What|Who|Where|When|Everyone|Nobody|Someone)\b)" + _NAME +
    r"|(?i:my|our)\s+(?:[a-z]+\s+)?[a-z]+)\s+(?i:goes\s+to|go\s+to|attends|attend|works\s+(?:at|for)|work\s+(?:at|for)|"
    r"lives\s+(?:in|at|on)|live\s+(?:in|at|on)|studies\s+at|study\s+at)\s+(?P<value>(?:(?i:the)\s+)?" + _CAPITAL
    + _PLACE_LETTERS + r"(?:\s+(?:" + _CAPITAL + _PLACE_LETTERS + r"|[0-9]" + _PLACE_LETTERS + r"|(?i:of|de|and|&)))*|"
    r"(?:(?i:the)\s+)?(?:[\w'&.-]+\s+){0,4}?(?i:school|elementary|academy|"
    r"kindergarten|preschool|daycare|college|university|high|middle\s+school)))")
_EN_ABOUT_ME = re.compile(_TOLD_LEAD + r"(?P<fact>(?i:i'm|i\s+am)\s+(?:(?i:allergic)\s+to\s+.{2,80}|(?i:vegetarian|vegan|pescatarian|"
                          r"gluten[\s-]free|lactose[\s-]intolerant|diabetic|left[\s-]handed|right[\s-]handed|colou?r[\s-]blind)))")
# "I prefer tea over coffee", "I don't eat pork" (the fifty-first session: SmolLM2 answered with a paragraph on tea as
# "a symbol of the British Empire" and kept nothing)
_EN_PREFER = re.compile(_TOLD_LEAD + r"(?P<fact>(?i:i)\s+(?:(?i:really|much|usually|always|generally)\s+)?(?i:prefer)\s+"
                        r"(?!(?i:not|to\s+not|you|that|it|this)\b).{2,80}|(?i:i)\s+(?i:don't|do\s+not|never|can't|cannot)\s+"
                        r"(?i:eat|drink)\s+(?!(?i:now|today|tonight|anymore|much|enough|it|that|this|there|here)\b).{2,60})")
# "Mia was born on March 3rd", "my son was born in 2019" (the sixty-first session: SmolLM2's "Mia was born on March 3rd,
# 2026.", nothing kept, then "what's Mia's birthday?" was denied): a birth day, asked back as a birthday
_EN_BORN = re.compile(_TOLD_LEAD + r"(?P<fact>(?:(?!(?:He|She|It|This|That|There|What|Who|I)\b)" + _NAME +
                      r"|(?i:my|our)\s+[a-z]+(?:\s+" + _NAME + r")?)\s+(?i:was|were)\s+(?i:born)\s+(?i:on|in)\s+"
                      r"(?:(?i:the)\s+)?[\w,.'-]+(?:\s+[\w,.'-]+){0,3})")
# "아내는 새우 알레르기가 있어", "아내는 땅콩 알레르기야" (the sixty-first session: to SmolLM2, nothing kept): someone's allergy
_KO_ALLERGY = re.compile(r"(?P<fact>(?:(?:내|우리)\s+)?[가-힣A-Za-z]{1,10}(?:은|는|이|가)\s+[가-힣A-Za-z]{1,10}(?:\s+[가-힣A-Za-z]{1,10}){0,2}?"
                         r"\s*알레르기(?:가|이)?\s*(?:있어|있어요|있음|있다|있습니다|이야|야|예요|에요|래|이래))")
# "the car insurance renews on June 30", "my passport expires in May" (the sixty-first session: to SmolLM2, nothing kept,
# then "when does my car insurance renew?" got "I'm not a car insurance provider"): when a thing renews or expires
_EN_RENEWS = re.compile(_TOLD_LEAD + r"(?P<fact>(?i:the|my|our)\s+(?:[\w'-]+\s+){0,3}?[\w'-]+\s+(?i:renews|expires|runs\s+out|"
                        r"is\s+due\s+for\s+renewal)\s+(?i:on|in|at\s+the\s+end\s+of)\s+[\w,.'-]+(?:\s+[\w,.'-]+){0,3})")
# "my friend Tom got a new job at Google" (the sixty-first session: to SmolLM2, then "where does Tom work?" was denied)
_EN_NEW_JOB = re.compile(_TOLD_LEAD + r"(?P<fact>(?:(?!(?:He|She|It|This|That|There|What|Who|I)\b)" + _NAME +
                         r"|(?i:my|our)\s+[a-z]+(?:\s+" + _NAME + r")?)\s+(?i:got|has|started|landed|took|found)\s+(?i:a\s+)?"
                         r"(?:(?i:new)\s+)?(?i:job|position|role)\s+(?i:at|with)\s+[\w&'.-]+(?:\s+[\w&'.-]+){0,3})")
# "leo has a new teacher, ms. choi", "i have a new dentist, dr. lee", "we got a new car, a toyota" (pass 66: to the model,
# and the old teacher still said): the thing of its own words ("leo's teacher is ms. choi"), which supersedes the old one
_EN_NEW_ONE = re.compile(_TOLD_LEAD + r"(?P<who>(?i:i|we|my\s+[a-z]+|our\s+[a-z]+)|(?!(?:He|She|It|This|That|There|What|Who)\b)"
                         + _NAME + r"|" + _LOW_NAME + r")\s+(?i:has|have|got|has\s+got|have\s+got|'s\s+got|'ve\s+got)\s+"
                         r"(?i:a)\s+(?i:new)\s+(?P<noun>(?i:teacher|doctor|dentist|coach|vet|landlord|landlady|boss|manager|"
                         r"babysitter|nanny|pediatrician|school|car|bike|phone\s+number|address|email))\s*[,:;-]\s*"
                         r"(?:(?i:it's|it\s+is|called|named|his\s+name\s+is|her\s+name\s+is|their\s+name\s+is)\s+)?"
                         r"(?P<value>[^,;?!]{2,60}?)")


def _new_one(rules: str, said: str) -> str | None:
    """`_EN_NEW_ONE` said as the fact it tells ("leo's teacher is ms. choi"), or None."""
    if (m := _EN_NEW_ONE.fullmatch(rules)) is None:
        return None
    who = said[m.start("who"):m.end("who")]
    owner = "my" if who.lower() == "i" else "our" if who.lower() == "we" else \
        who if re.match(r"(?i:my|our)\s", who) else f"{who}'s"
    return f"{owner} {' '.join(m['noun'].lower().split())} is {said[m.start('value'):m.end('value')].strip(' .')}"


# "Dr. Park does my teeth", "Mina does my hair" (the sixty-first session: SmolLM2's "My teeth.", then "who is my dentist?"
# was denied): who does a thing for the user, asked back by its role (`fact_asked`: dentist, hairdresser, accountant)
_EN_DOES_MY = re.compile(_TOLD_LEAD + r"(?P<fact>(?:(?i:" + EN_TITLE + r")\.?\s+)?(?!(?:He|She|It|This|That|There|What|Who|I)\b)" + _NAME +
                         r"(?:\s+" + _NAME + r")?\s+(?i:does|cuts|fixes|handles|takes\s+care\s+of)\s+(?i:my|our)\s+"
                         r"(?i:teeth|hair|nails|taxes|books|car|garden|lawn))")
# "I moved to Busan" (the sixty-first session: "nothing to mark done", then "where do I live?" went to SmolLM2)
_EN_MOVED = re.compile(_TOLD_LEAD + r"(?P<fact>(?i:i|we)\s+(?:(?i:just|recently|finally)\s+)?(?i:moved)\s+(?i:to)\s+"
                       r"[\w,.'-]+(?:\s+[\w,.'-]+){0,4})")
# "민호가 삼성에 새로 취직했대", "나 부산으로 이사했어" (the sixty-first session: "잘하셨어요. 할 일 목록에 없던 일이라 …",
# read as a promise done; nothing kept): someone's new job, the user's move
_KO_NEW_JOB = re.compile(r"(?P<fact>[가-힣A-Za-z]{1,10}(?:이|가|은|는)\s+[가-힣A-Za-z0-9]{1,20}(?:에|으로|로)\s+(?:새로\s+)?(?:취직|입사|이직)"
                         r"(?:했대|했대요|했어|했어요|했다|했음|했습니다))")
_KO_MOVED = re.compile(r"(?P<fact>(?:(?:나|저|우리)\s+)?[가-힣A-Za-z0-9]{1,20}(?:\s+[가-힣A-Za-z0-9]{1,20}){0,2}?(?:으로|로)\s+"
                       r"이사(?:했어|했어요|했다|했음|했습니다|왔어|왔어요|갔어|갔어요))")
# "I don't like cilantro", "I hate mushrooms", "I love jazz", "나는 고수를 싫어해" (the sixty-first session: SmolLM2's "I'm not
# a voice assistant …", nothing kept, and "what do I not like?" got "1. Unrealistic expectations"): a like or dislike
# ("I like green tea" said in passing stays the talk's, answered by the model as before; "I love …" is kept)
_EN_LIKES = re.compile(_TOLD_LEAD + r"(?P<fact>(?i:i)\s+(?:(?i:really|just|absolutely|totally)\s+)?(?:(?i:don't|do\s+not|never)\s+"
                       r"(?i:like|enjoy|care\s+for)|(?i:hate|dislike|can't\s+stand|cannot\s+stand|love|adore))\s+"
                       r"(?!(?i:you|it|that|this|them|him|her|when|how|being|to|it's|that's|the\s+way|waiting|having)\b)[\w'-]+.{0,60})")
# "mia likes dinosaurs", "my son hates broccoli", "Leo is afraid of the dark" (round 65: to SmolLM2, nothing kept): a like
# or dislike of someone named or of the family, kept to be asked back ("what does mia like?"); "mom loves it", "he hates
# me", "nobody likes mondays" are no such facts
_EN_THEIR_LIKES = re.compile(_TOLD_LEAD + r"(?P<fact>(?:(?!(?:He|She|It|This|That|There|What|Who|I)\b)" + _NAME + r"|" + _LOW_NAME
                             + r"|(?i:my|our)\s+[a-z]+(?:\s+(?:" + _NAME + r"|" + _LOW_NAME + r"))?)\s+"
                             r"(?:(?i:really|just|absolutely|totally)\s+)?"
                             r"(?i:likes|loves|adores|hates|dislikes|doesn't\s+like|does\s+not\s+like|can't\s+stand|"
                             r"is\s+afraid\s+of|is\s+scared\s+of)\s+(?!(?i:you|me|us|it|that|this|them|him|her|when|how|"
                             r"being|the\s+way|it's|that's|waiting)\b)[\w'-]+.{0,60})")
# "민지는 공룡을 좋아해", "우리 딸 민지는 오이를 싫어해" (round 65: to SmolLM2, nothing kept): someone's like or dislike in
# Korean, the thing with 을/를 and the third person's 해-form ("날씨는 좋아" is no one's like)
_KO_THEIR_LIKES = re.compile(r"(?P<fact>(?:(?:우리|내)\s+)?(?:(?:딸|아들|남편|아내|와이프|엄마|아빠|동생|여동생|남동생|언니|오빠|형|누나|"
                             r"친구)\s*)?(?!(?:오늘|내일|요즘|그건|이건|저건|나|저|난|전|우리)(?:은|는|이는)?\s)[가-힣]{1,5}(?:이는|는|은)\s+"
                             r"[가-힣A-Za-z0-9]{1,15}(?:\s+[가-힣A-Za-z0-9]{1,15}){0,2}?(?:을|를)\s*(?:정말\s*|진짜\s*|너무\s*|엄청\s*)?"
                             r"(?:좋아해|싫어해|무서워해|안\s*좋아해)(?:요)?)")
# "actually i sold the honda, i drive a toyota now", "I don't work at Google anymore, I work at Naver", "i ride a trek
# now" (round 65: the desk's "Good. That wasn't on your agenda", and "what car do i drive?" still said the honda): a
# thing that changed, kept in the words of the thing it is ("my car is a toyota"), so the newer fact on its topic
# supersedes the old one (`facts.told_topic`: kept as history, hidden from every answer). The new one is needed: a
# thing given up alone ("i sold the honda") is a deed, not a fact of what the user has now
_EN_GAVE_UP = (r"(?:(?i:i|we)\s+(?:(?i:just|finally|recently|already)\s+)?(?i:sold|got\s+rid\s+of|traded\s+in|gave\s+away|"
               r"gave\s+up|quit|left|no\s+longer\s+(?:drive|have|own|ride|work\s+(?:at|for))|"
               r"(?:don't|do\s+not)\s+(?:drive|have|own|ride|work\s+(?:at|for)))\s+(?:(?i:my|our|the|a|an)\s+)?"
               r"[\w&'.-]+(?:\s+[\w&'.-]+){0,3}?(?:\s+(?i:any\s*more))?\s*(?:[,;.]|\s+(?i:and|so|but))\s*"
               r"(?:(?i:and|so|but|now)[\s,]+)?)")
_EN_NOW_HAVE = (r"(?i:i|we)\s+(?:(?i:now|just)\s+)?(?P<v>(?i:drive|ride|work\s+(?:at|for)))\s+"
                r"(?P<new>(?:(?i:a|an)\s+)?(?!(?i:lot|bit|little|it|that|this|there|here|home|now|to|fast|slow)\b)"
                r"[\w&'.-]+(?:\s+[\w&'.-]+){0,3}?)")
_EN_CHANGED = re.compile(_TOLD_LEAD + r"(?P<gave>" + _EN_GAVE_UP + r")?" + _EN_NOW_HAVE
                         + r"(?P<now>\s+(?i:now|these\s+days|instead|nowadays))?")
_AT_WORK_VEHICLE = re.compile(r"(?i:\b(?:bus|taxi|cab|forklift|tractor|ambulance|rig|semi|lorry|van|uber|lyft)\b"
                              r"|^(?:an?\s+)?(?:lot|bit|little|while|ways?)\b)")


_CHANGED_THING = {"drive": "my car is", "ride": "my bike is", "work at": "my job is at", "work for": "my job is at"}


# "i sold the honda" said alone after "i drive a blue honda civic" (round 65's leftover: the desk's "Good. That wasn't on
# your agenda", the honda still said as the car): the thing given up, to retire the fact that names it
_EN_GAVE_UP_ALONE = re.compile(
    r"(?:(?:oh|so|well|and|also|actually|btw)[\s,]+)*(?:i|we)\s+(?:(?:just|finally|recently|already|officially)\s+)?"
    r"(?:sold|got\s+rid\s+of|traded\s+in|gave\s+away|scrapped|totaled|totalled|wrecked)\s+(?P<thing>(?:(?:my|our|the|that|"
    r"old)\s+){0,2}[\w&'.-]+(?:\s+[\w&'.-]+){0,3}?)"
    r"(?:\s+(?:yesterday|today|last\s+(?:week|month|night|weekend)|this\s+(?:morning|week)|at\s+last|finally))?",
    re.IGNORECASE)


def gave_up_said(said: str) -> str | None:
    """The thing "i sold the honda", "we traded in the old minivan last week" says the user no longer has ("the
    honda"), or None."""
    said = " ".join(latin_looks(said.replace("\u2019", "'")).split()).rstrip(" .!")
    m = _EN_GAVE_UP_ALONE.fullmatch(said)
    if m is None or re.search(r"(?i:\b(?:it|them|that|this|one)$|\b(?:to|for|and|on|at|so)\b)", m["thing"]):
        return None   # "i sold it", "i sold the bike to tom": whose and what are not named alone
    return m["thing"]


def changed_told(said: str) -> bool:
    """Whether `said` tells a thing changed ("i sold the honda, i drive a toyota now"; after a correction's lead too):
    the assistant then says which fact it replaced."""
    said = " ".join(said.split()).rstrip(" .!")
    rules = latin_looks(said.replace("\u2019", "'"))
    if (m := _CORRECTING.fullmatch(rules)) is not None and _changed(rules[m.start("fact"):m.end("fact")],
                                                                    said[m.start("fact"):m.end("fact")]) is not None:
        return True
    return _changed(rules, said) is not None or _new_one(rules, said) is not None


def _changed(rules: str, said: str) -> str | None:
    """The thing `said` tells changed, in the words of the thing it is ("my car is a toyota"), or None. Only with the
    old one named or "now" said: "i drive a lot", "we work for ourselves" are no change told."""
    if (m := _EN_CHANGED.fullmatch(rules)) is None:
        return None
    new = said[m.start("new"):m.end("new")].strip(" ,.")
    if not (m["gave"] or m["now"] or re.search(r"(?i:now)\s", rules)) and \
            (m["v"].lower() not in ("drive", "ride") or _AT_WORK_VEHICLE.search(new)):
        # "i drive a blue honda civic" said alone is the car the user has (round 65's leftover: "I see.", nothing kept);
        # "i drive a school bus", "we work for ourselves" are no fact of that kind
        return None
    if re.search(r"(?i:\b(?:tomorrow|today|tonight|next|on|at|in|by|until|from|monday|tuesday|wednesday|thursday|friday|"
                 r"saturday|sunday|\d{1,2}(?::\d{2})?\s*[ap]m)\b)", new):
        return None   # "i drive to the gym on mondays": a time, the agenda's
    if m["v"].lower() in ("drive", "ride") and (not re.match(r"(?i:an?|the)\s", new)
                                                or re.search(r"(?i:\b(?:to|with|for|around|past|into)\b)", new)):
        return None   # "i drive mia to school now": whom, not what
    return f"{_CHANGED_THING[' '.join(m['v'].lower().split())]} {new}"


_KO_LIKES = re.compile(r"(?P<fact>(?:나는|난|저는|전)\s+[가-힣A-Za-z0-9 ]{1,30}?(?:을|를|이|가)?\s*(?:정말\s*|진짜\s*|너무\s*)?"
                       r"(?:싫어해|싫어|싫어요|좋아해|좋아해요|좋아|안\s*좋아해|못\s*먹어))")
# "Sam is the new science teacher", "priya is our neighbor" (the fifty-ninth session's teacher: "Sorry, I don't have an
# answer to that.", then SmolLM2 on "who's Sam?": "a voice assistant … on a smartphone"): who someone is, by a role
_ROLES = (r"teacher|principal|coach|doctor|dentist|nurse|landlord|landlady|neighbou?r|boss|manager|colleague|coworker|"
          r"co-worker|assistant|friend|cousin|nephew|niece|grandson|granddaughter|son-in-law|daughter-in-law|babysitter|"
          r"nanny|tutor|therapist|pharmacist|vet|mechanic|plumber|electrician|realtor|agent|lawyer|accountant|trainer|"
          r"pastor|mentor|roommate|partner|mover|movers|contractor|instructor|counselor|counsellor|secretary|receptionist|"
          # the sixtieth session's new parent: "Sam is my sister in law" (to SmolLM2, then "who's Sam?": "Sam is Sam's son")
          r"(?:sister|brother|mother|father|son|daughter)[\s-]in[\s-]law|midwife|pediatrician|florist|caterer|photographer|"
          r"supplier|roofer|handyman|sister|brother|aunt|uncle|godmother|godfather")
_EN_WHO_IS = re.compile(_TOLD_LEAD + r"(?P<fact>(?!(?i:he|she|it|this|that|there|what|who|which|where|he's|she's|it's|i|you|"
                        r"we|they|mine|yours|today|tomorrow|my|our|the|his|her|their|a|an|this|that)\b)(?P<who>(?:(?i:" + EN_TITLE + r")\.?\s+)?"
                        r"[A-Za-z][a-z'-]+(?:\s+(?!(?i:is)\b)[A-Za-z][a-z'-]+)?)\s+(?i:is)\s+(?i:the|my|our|[a-z]+'s|a)"
                        r"\s+(?:[\w'-]+\s+){0,3}?(?i:" + _ROLES + r")(?:\s+(?i:at|of|for|from|in)\s+"
                        # not a run-on clause of its own ("… sister in law she's coming saturday at 3")
                        r"(?!.*\b(?i:she's|he's|they're|she|he|they|it's|we're)\s)[\w' -]{1,60})?)")
# "the hardware store closes at 8", "the pharmacy opens at 9 on sundays" (the sixtieth session's gardener: SmolLM2 said it
# back, then made "10:30pm" up when asked): when a place opens or closes, kept
_EN_HOURS = re.compile(_TOLD_LEAD + r"(?P<fact>(?i:the|my|our)\s+(?:[\w'-]+\s+){0,3}?(?i:store|shop|pharmacy|bank|library|pool|"
                       r"gym|post\s+office|market|supermarket|bakery|restaurant|cafe|café|clinic|office|dump|mall|center|centre|"
                       r"depot|nursery|daycare|school)\s+(?i:opens|closes|shuts)\s+(?i:at)\s+\d{1,2}(?::\d{2})?(?:\s*(?i:[ap]\.?m\.?))?"
                       r"(?:\s+(?i:on|during)\s+(?:[\w'-]+\s+)?[\w'-]+)?)")
# "the reefer is set to 34 degrees for this load", "the thermostat in the shop is set at 68" (the sixty-sixth session's
# truck driver: "I see.", then SmolLM2's "The reefer set is a luxury product …"): a machine's setting, kept to be asked
# back; not an alarm, a timer or a meeting set for a time (the agenda's), nor a setting with no number
_EN_SET_TO = re.compile(_TOLD_LEAD + r"(?P<fact>(?i:the|my|our)\s+(?!(?i:alarm|alarms|timer|timers|meeting|reminder|date|time|"
                        r"appointment|call|table)\b)(?:[\w'-]+\s+){0,3}?[\w'-]+\s+(?i:is|was|'s|are)\s+(?:(?i:now|still|currently)\s+)?"
                        r"(?i:set)\s+(?i:to|at)\s+(?:(?i:minus|negative)\s+|-)?\d{1,4}(?:\.\d)?\s*(?:°|(?i:degrees?|percent|%|psi|"
                        r"rpm|mph|f|c|fahrenheit|celsius)\b)?(?:\s*(?i:f|c|fahrenheit|celsius)\b)?"
                        r"(?:\s+(?i:for|on|during)\s+(?i:this|the|that|my)\s+[\w'-]+(?:\s+[\w'-]+)?)?)")
# "the tenant in 2B says the sink leaks", "the nurse said keep the wound dry" (the sixty-first session: SmolLM2 said it
# back, or "I see.", nothing kept; "what did the nurse say?" then got "I'm so sorry for your family"): what someone said,
# kept as their word; one with a time or a promise of the user's ("my boss said I need to send it by Friday") stays the
# agenda's (`said_told`)
_SAYERS = _ROLES + r"|tenant|tenants|surgeon|physio|physiotherapist|super|inspector|school|pharmacy|vet|clinic|treasurer"
_EN_SAID = re.compile(_TOLD_LEAD + r"(?P<fact>(?i:the|my|our)\s+(?:[\w'-]+\s+)?(?i:" + _SAYERS + r")"
                      r"(?:\s+(?i:in|from|at|of|on)\s+(?:(?i:the)\s+)?[\w'-]+)?\s+(?i:says|said|told\s+me|mentioned|called\s+to\s+say)"
                      r"\s+(?:(?i:that)\s+)?(?P<value>[^?]{3,160}))")
_MY_PROMISE = re.compile(r"(?:i|we)\s+(?:need|have|should|must|gotta|got|'ll|will|am\s+going|'m\s+going)\b|\bremind\s+me\b",
                         re.IGNORECASE)
# "Jenny is bringing the snacks", "my daughter Emma is driving me to physio on tuesday" (the sixty-first session: SmolLM2
# said it back; "who's bringing the snacks?" got "The AI assistant, JARVIS"): who does a part, kept to be asked back
# ... and "my sister is watering the plants while im away" (the sixty-second session's traveller: "I see.", then "who's
# watering the plants?" to SmolLM2): one of the family with no name said, and what they look after
_EN_WHO_DOES = re.compile(_TOLD_LEAD + r"(?P<fact>(?:(?i:my|our)\s+[a-z]+\s+(?!(?:He|She|It|This|That|There|What|Who|I)\b)" + _NAME
                          + r"|(?i:my|our)\s+(?i:sister|brother|mum|mom|mother|dad|father|neighbou?r|son|daughter|husband|wife|"
                          r"partner|friend|aunt|uncle|cousin|grandma|grandpa|parents|in-laws)"
                          r"|(?!(?:He|She|It|This|That|There|What|Who|I)\b)" + _NAME +
                          # "maria is working the closing shift on friday" (the sixty-eighth session's restaurant owner:
                          # to SmolLM2, "who's working friday night" then made up): a shift, by a name said in lower case
                          r"|" + _LOW_NAME + r"(?=\s+(?i:is|'s|will\s+be)\s+(?i:working|covering)\s+(?:(?i:the|a|an|this|"
                          r"tonight|tomorrow)\s|(?i:on\s+)?(?i:mon|tues|wednes|thurs|fri|satur|sun)day\b)))"
                          r"\s+(?i:is|'s|will\s+be)\s+(?i:bringing|driving|doing|handling|making|buying|getting|working|"
                          r"picking\s+up|taking\s+care\s+of|in\s+charge\s+of|covering|organi[sz]ing|baking|cooking|"
                          r"watering|feeding|walking|watching|looking\s+after|minding|collecting|checking\s+on)\s+.{2,100})")
# "no lifting for 3 weeks", "no driving for two weeks", "no coffee until friday" (the sixty-first session's patient:
# SmolLM2, "I'm not here to tell you how to lift weights"): a rule the user was given, kept to be asked back
_EN_RULE_GIVEN = re.compile(_TOLD_LEAD + r"(?P<fact>(?i:no|avoid)\s+(?!(?i:problem|worries|way|thanks|thank|idea|one|need|rush|"
                            r"hurry)\b)[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?\s+(?i:for|until|till)\s+(?:(?i:the\s+next\s+)?"
                            r"(?:\d{1,2}|(?i:a|an|one|two|three|four|five|six|seven|eight|ten|twelve|a\s+couple\s+of|a\s+few))\s+"
                            r"(?i:days?|weeks?|months?)|(?i:(?:mon|tues|wednes|thurs|fri|satur|sun)day|next\s+week|the\s+weekend)))")
# (the look-behind starts a run of marks only at its first: from each mark of 2,000 ", " it was quadratic; pass 67)
_RUN_ON = re.compile(r"(?<![\s,;.])[\s,;.]+(?=(?:she's|he's|they're|she\s+is|he\s+is|they\s+are)\s)", re.IGNORECASE)
_NOT_A_VALUE = re.compile(r"(?:not|n't|broken|wrong|dead|lost|missing|stolen|expired|low|empty|full|off|"
                          # "my phone is on", not "my sister's birthday is on January 9th" (a date: the fifty-seventh
                          # session's chat, "I see." and nothing kept)
                          r"on(?!\s+(?:the\s+)?(?:\d|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s*\d))|ringing|busy|stuck|"
                          r"locked|down|up|out|gone|fine|ok|okay|good|bad|working|too|so|very|really|still|already|probably|"
                          r"kind\s+of|a\s+bit|coming|soon|today|tomorrow|tonight|next|this|in\s+\d|at\s+\d|the\s+same|"
                          r"what|where|when|who|how|why|correct|right|weird|strange|annoying|terrible|great|awesome|"
                          # a state, not a fact to keep: "my dog is sick", "my flight is delayed", "my bank is closed"
                          r"sick|ill|hurt|tired|hungry|late|early|here|there|ready|new|old|dirty|clean|open|closed|free|"
                          r"cold|hot|warm|loud|quiet|slow|fast|full|overdue|due|going|getting|running|doing|acting|being|"
                          r"winning|losing|playing|[a-z]{3,}ed|"
                          # a judgement or a feeling (pass 55c: "my job is killing me", "my car is a mess", "Mia's school
                          # is the best" were kept and said back: "what car do I drive?" - "You told me your car is a mess.")
                          r"nice|lovely|beautiful|amazing|wonderful|fantastic|horrible|awful|boring|fun|funny|crazy|"
                          r"stupid|perfect|cute|ugly|gross|cool|the\s+(?:best|worst|greatest)|"
                          r"a\s+(?:mess|disaster|nightmare|joke|pain|zoo|dump|dream|good|great|bad|nice|real|total)\b|"
                          r"[a-z]{3,}ing\s+(?:me|us|him|her|them|soon|now|again|up|down|out|off|away|apart)|"
                          r"killing|driving|starting|closing|opening|moving|leaving|changing|happening|sucking|failing|"
                          r"dying|falling|crashing|leaking|freezing)\b",
                          re.IGNORECASE)
_KO_TOLD = re.compile(r"(?P<fact>(?:(?:내|제|우리)\s*)?(?:[가-힣\w]+\s+){0,3}?[가-힣\w]*(?:생일|생신|기념일|번호|비밀번호|비번|패스워드|주소|이메일|사이즈|"
                      # "회사 주차 자리는 B2 17번이야" (the fifty-sixth session: not kept, SmolLM2's nonsense)
                      # "결혼식장은 잠실 롯데호텔이야", "모임 장소는 강남역 2번 출구야" (the fifty-ninth session: to SmolLM2)
                      # "코코 사료는 로얄캐닌 인도어야" (the sixtieth session: "그렇군요.", nothing kept)
                      r"혈액형|알레르기|코드|이름|별명|자리|위치|사물함|계좌|아이디|식장|장소|사료|간식|품종"
                      # "내 학번은 20231234야", "자동차 보험 갱신일은 6월 30일이야" (the sixty-first session: an empty reply,
                      # nothing kept; kept only with "기억해 줘")
                      r"|학번|사번|군번|갱신일|만기일|만료일|마감일|납부일|주치의|담당의"
                      # "민지 담임 선생님은 박 선생님이야", "민지 학교는 새솔초야" (round 65: to SmolLM2, nothing kept)
                      r"|담임|담임\s*선생님|선생님|학교|유치원|어린이집|학원|소아과)\s*(?:은|는)\s+(?P<value>.{1,80}?)"
                      r"(?:이야|야|예요|이에요|입니다|이다|임|이고|이래|래|이래요|래요))")
# "민호는 같은 지역 라이더야", "지민이는 우리 애 같은 반 친구야", "김 과장님은 싱가포르 지사 담당이야" (the sixty-sixth
# session: SmolLM2 said it back or apologised in English, nothing kept): who someone is to the user, by a word of a
# role or a relation last
_KO_TOLD_ROLE = re.compile(r"(?P<fact>(?!(?:이건|그건|저건|이거|그거|이게|그게|여기|거기|오늘|내일|어제|요즘|이번|그냥)\s*(?:은|는)?\s)"
                           r"(?:[가-힣]{2,4}|[가-힣]\s?[가-힣]{1,2}님|[가-힣]\s?[가-힣]{1,2}\s?(?:과장|부장|대리|팀장|차장|실장|사장)님)"
                           r"\s*(?:은|는)\s+(?P<value>(?:[가-힣A-Za-z0-9]{1,8}\s+){0,4}?[가-힣A-Za-z0-9]{0,8}"
                           r"(?:친구|라이더|기사|담당|동료|선배|후배|이웃|동기|팀장님|과장님|부장님|사장님|선생님|원장님|담임|"
                           r"거래처|집주인|남친|여친|남자친구|여자친구|룸메이트|룸메|사촌|조카|매니저))\s*"
                           r"(?:이야|야|예요|이에요|입니다|이다|임|이래|래)[.!~]?)")
# "우리 손주 생일이 12월 19일이에요" (the sixty-third session's elder: "그렇군요.", nothing kept): the subject's 이/가
# said for 은/는, only before a value in digits (a day, a number: "이름이 뭐야" asks)
_KO_TOLD_SUBJECT = re.compile(r"(?P<key>(?:(?:내|제|우리)\s*)?(?:[가-힣\w]+\s+){0,3}?[가-힣\w]*(?:생일|생신|기념일|번호|비밀번호|비번|"
                              r"패스워드|사이즈|학번|사번|갱신일|만기일|만료일|마감일|납부일|계좌|코드))\s*(?:이|가)\s+"
                              r"(?P<value>\d[^?？]{0,40}?)\s*(?:이야|야|예요|이에요|입니다|이다|임|이래|래|이래요|래요|이거든요|거든요)[.!~]?")
# "우리 동호회 회원은 스물세 명이야" (the sixty-first session: SmolLM2's "I'm glad to hear that you're enjoying your new
# friends."): how many of a thing, in digits or in Hangul words, kept as told
_KO_TOLD_COUNT = re.compile(r"(?P<fact>(?:(?:내|제|우리)\s*)?(?:[가-힣\w]+\s+){0,3}?[가-힣\w]+\s*(?:은|는)\s+"
                            r"(?:총\s*|모두\s*|다\s*)?(?:\d{1,6}|[한두세네일이삼사오육칠팔구십백천스물서른마흔쉰예순일흔여든아흔다섯여섯일곱여덟아홉열]{1,8})"
                            r"\s?(?:명|마리|가구|세대|팀|반)\s*(?:이야|야|예요|이에요|입니다|이다|임))")
# "간식은 민수가 가져오기로 했어" (the sixty-first session: to SmolLM2, "민수가 미만 있어도론에세우."): who is to do a
# thing, someone else named (the user's own promise is the agenda's), kept as told
# "의사가 3주 동안 무거운 거 들지 말래" (the sixty-first session: SmolLM2 said it back): what the doctor said to do or not
# to do, kept as told ("…지 말라고 했어")
_KO_TOLD_ORDER = re.compile(r"(?P<who>(?:담당\s*)?(?:의사\s*선생님|의사|선생님|교수님|간호사|약사|원장님))(?:이|가|께서)\s+"
                            r"(?P<what>[^?？]{1,60}?)(?P<no>지\s*)?(?:말래|말래요|말라고\s*했어|말라고\s*하셨어)")
# "월요일부터 목요일까지 나이트야", "토요일 근무 지수랑 바꿨어" (the sixty-second session: "그렇군요." / a closing asked
# of another promise, nothing kept; "다음 휴무 언제지?" then went to SmolLM2): a nurse's shifts told, kept as told
# ("… 나이트 근무"), and asked back by 근무 / 휴무 (`fact_asked._KO_SHIFT_ASKED`)
_KO_DAY = r"(?:[월화수목금토일]요일|주말|평일|내일|모레|이번\s*주|다음\s*주)"
_KO_TOLD_SHIFT = re.compile(rf"(?P<fact>(?:(?:이번|다음)\s*주\s*)?{_KO_DAY}\s*(?:(?:부터|랑|하고|,)\s*{_KO_DAY}\s*(?:까지)?\s*)?"
                            r"(?:은|는)?\s*(?P<kind>나이트|데이|이브닝|야간|주간|오프|휴무|당직)(?:\s*근무)?)"
                            r"\s*(?:야|이야|예요|이에요|입니다|임|이고)?")
_KO_TOLD_SWAP = re.compile(rf"(?P<fact>{_KO_DAY}\s*(?:(?:나이트|데이|이브닝|야간|주간)\s*)?(?:근무|당직|나이트|데이|이브닝)(?:는|은|를|을)?\s*"
                           r"[가-힣]{1,6}(?:이랑|랑|하고|와|과)\s*바꿨(?:어|어요|다|음))")
_KO_TOLD_WHO = re.compile(r"(?P<fact>(?:[가-힣\w]+\s+){0,2}?[가-힣\w]+\s*(?:은|는)\s+(?!(?:내|제|나|저|우리)가?\s)"
                          r"[가-힣]{1,6}(?:이가|가|이)\s+(?:[가-힣]{1,8}\s)?[가-힣]{1,8}기로\s*했(?:어|어요|대|다|습니다|음))")
# "렌터카 예약 번호는 JJ4821" (a code with no ending), "콩이 몸무게 5킬로" (a measure, no particle): the fifty-seventh
# session's "그렇군요." (nothing kept; asked back, "그건 아직 말해 주신 적이 없어요"); kept as "X는 Y야", as a change is
_KO_TOLD_CODE = re.compile(r"(?P<key>(?:(?:내|제|우리)\s*)?(?:[가-힣\w]+\s+){0,3}?[가-힣\w]*(?:번호|비밀번호|비번|패스워드|코드|아이디|학번|사번))"
                           # "회의실 비밀번호 4821": no particle either (the fifty-ninth session: to SmolLM2, nothing kept)
                           r"(?:\s*(?:은|는))?\s+(?P<value>[A-Za-z0-9][A-Za-z0-9-]{0,39})")
_KO_TOLD_MEASURE = re.compile(r"(?P<key>(?:[가-힣\w]+\s+){0,2}?[가-힣\w]*(?:몸무게|체중|키|나이))\s*(?:은|는|이|가)?\s+"
                              r"(?P<value>\d{1,4}(?:\.\d{1,2})?\s?(?:킬로그램|킬로|키로|kg|그램|g|센티|cm|살|개월))"
                              r"\s*(?:이야|야|예요|이에요|입니다|임|나가|나가요|정도)?")
_KO_KEY = (r"(?P<key>(?:(?:내|제|우리)\s*)?(?:[가-힣\w]+\s+){0,3}?[가-힣\w]*(?:번호|비밀번호|비번|패스워드|주소|이메일|코드|"
           r"자리|위치|사물함|계좌|아이디))")
_KO_CHANGED_AFTER = re.compile(_KO_KEY + r"\s*(?:이|가)?\s*바뀌었(?:어|어요|다|음)\s*(?:,\s*)?(?P<value>[^\s]{1,40}?)\s*(?:으로|로)(?:\s*바뀌었어)?")
_KO_CHANGED = re.compile(_KO_KEY + r"\s*(?:이|가)?\s*(?P<value>[^\s]{1,40}?)\s*(?:으로|로)\s*(?:바뀌었|바꿨)(?:어|어요|다|음|습니다)")
# "I parked on level 3, spot B12", "I put my keys in the top drawer", "I left my umbrella at the office": where a thing
# is, told without "remember" (the fiftieth session: "Good. That wasn't on your agenda, so there was nothing to mark
# done." and nothing kept, then "where did I park?" found nothing). Parking needs no object; the others need one, and
# a time is no place ("I left the office at 5").
_WHERE_PLACE = (r"(?P<where>(?:on\s+top\s+of|next\s+to|in\s+front\s+of|on|in|at|under|underneath|behind|near|inside|by|"
                r"beside|above|below|outside|between|on\s+the\s+(?:left|right))\s+"
                r"(?!\d{1,2}(?::\d\d)?\s*(?:[ap]\.?m\.?)?$|(?:the\s+)?(?:morning|afternoon|evening|night|weekend)\b|"
                r"(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|(?:today|tonight|tomorrow|noon|midnight)\b|(?:a|an|\d+)\s+(?:minute|hour|day|week)s?\b)"
                r".{1,80})")
_EN_WHERE = re.compile(r"(?i:(?:(?:oh|so|ok|okay|and|also|by\s+the\s+way|btw|fyi|jarvis|just\s+so\s+you\s+know)[\s,]+)*)"
                       r"(?P<fact>(?i:i|we)(?i:'ve|\s+have)?\s+(?i:just\s+)?(?:(?i:parked|park)(?:\s+(?i:the\s+car|my\s+car|the\s+bike|my\s+bike))?"
                       r"|(?i:put|left|hid|stored|stashed|locked|kept)\s+(?i:my|our|the)\s+(?:[\w'-]+\s+){0,3}?[\w'-]+)"
                       r"\s+" + _WHERE_PLACE + ")", re.IGNORECASE)
# "my car is parked on level 3, spot B12", "the spare key is hidden under the mat" (the sixty-third session: SmolLM2's
# "Sorry, I don't have an answer to that.", though "where did I park?" later found the turn): a thing's place told with
# its participle; "my meeting is at 3pm tomorrow" has none (and a promise is the agenda's before this is read)
_EN_WHERE_IS = re.compile(r"(?i:(?:(?:oh|so|ok|okay|and|also|by\s+the\s+way|btw|fyi|jarvis|just\s+so\s+you\s+know)[\s,]+)*)"
                          r"(?P<fact>(?i:my|our|the)\s+(?:[\w'-]+\s+){0,3}?[\w'-]+(?:\s+(?i:is|are)|'s|'re)\s+"
                          r"(?i:parked|hidden|stored|kept|stashed|locked\s+up|locked)\s+" + _WHERE_PLACE + ")", re.IGNORECASE)
_WHERE_DEEDS = {"parked": "park", "park": "park", "put": "put", "left": "leave", "hid": "hide", "stored": "store", "stashed": "stash",
                "locked": "lock", "kept": "keep"}


# "주차 B2에 했어", "차 지하 2층에 세웠어", "B2에 주차했어", "열쇠 서랍에 뒀어", "여권은 책상 서랍에 넣어 뒀어": the same in
# Korean (the fifty-fifth session: "잘하셨어요. 할 일 목록에 없던 일이라 …", nothing kept); a time is no place
_KO_PLACE = r"(?P<where>(?!(?:오늘|내일|어제|아까|방금|지금|[\d한두세네]+\s*시)\b)[가-힣A-Za-z0-9\-]+(?:\s+[가-힣A-Za-z0-9\-]+){0,2}?)\s*(?:에|에다|에다가)"
_KO_WHERE = (
    re.compile(r"(?P<fact>(?:(?:나|저)\s+)?주차\s*(?:는\s*)?" + _KO_PLACE + r"\s*(?:했|해\s*뒀|해\s*놨)(?:어|어요|음|다|습니다))"),
    re.compile(r"(?P<fact>(?:(?:나|저)\s+)?(?:(?:내\s+|제\s+)?차\s*(?:는|를)?\s+)?" + _KO_PLACE
               + r"\s*(?:주차\s*했|세웠|댔)(?:어|어요|음|다|습니다))"),
    re.compile(r"(?P<fact>(?:(?:나|저)\s+)?(?:(?:내|제)\s+)?(?!(?:아까|방금|오늘|어제|그거|이거|그냥|거기|여기|저기)(?:은|는|을|를)?\s)(?P<thing>[가-힣A-Za-z]+?(?:\s+[가-힣A-Za-z]{1,10}?)?)(?:은|는|을|를)?\s+" + _KO_PLACE
               + r"\s*(?:뒀|두었|놔\s*뒀|놔\s*뒀|놨|놓았|넣어\s*뒀|넣어\s*놨|넣어\s*놓았|숨겨\s*뒀|숨겼|걸어\s*뒀)(?:어|어요|음|다|습니다))"),
)


def told_where(said: str) -> str | None:
    """Where a thing is, told without "remember" ("I parked on level 3", "I put my keys in the drawer", "주차 B2에
    했어", "열쇠 서랍에 뒀어"), or None."""
    rules = said.replace("\u2019", "'")
    if re.search(r"[가-힣]", said):
        return next((m["fact"].strip(" ,") for p in _KO_WHERE if (m := p.fullmatch(said.rstrip(" .!~"))) is not None), None)
    m = _EN_WHERE.fullmatch(rules)
    if m is None:
        m = _EN_WHERE_IS.fullmatch(rules)
        return None if m is None else said[m.start("fact"):m.end("fact")].strip(" ,")
    # "I park on level 3" (daemon run 74: Whisper's hearing of "I parked …") kept as "parked", as it is asked back
    return re.sub(r"^((?:i|we)\s+(?:just\s+)?)park\b", r"\1parked", said[m.start("fact"):m.end("fact")].strip(" ,"),
                  flags=re.IGNORECASE)


def where_thing(fact: str) -> str | None:
    """The thing of a Korean `told_where` fact put somewhere ("열쇠 서랍에 뒀어": 열쇠), to tell it from a promise
    closed ("보고서 책상에 뒀어" with "보고서 책상에 두기" open); None for parking or English."""
    m = _KO_WHERE[2].fullmatch(fact)
    return m["thing"] if m else None


def where_deed(fact: str) -> str | None:
    """The deed of a `told_where` fact, in its base form ("park", "put", "leave"), to tell it from a promise closed."""
    m = re.match(r"(?i:i|we)(?:'ve|\s+have)?\s+(?:just\s+)?(\w+)", fact.replace("\u2019", "'"))
    return _WHERE_DEEDS.get(m.group(1).lower()) if m else None


_EN_POINTER = re.compile(r"(?:(?:please|jarvis|ok|okay)[\s,]+)*remember\s+(?:that|this|it)(?:\s+(?:please|for\s+me))?",
                         re.IGNORECASE)
_KO = re.compile(r"(?P<fact>.+?)[\s,]*(?:꼭\s*|좀\s*)?"
                 r"(?:기억해|기억해\s*줘|기억해\s*둬|기억해\s*놔|기억해\s*주세요|기억해\s*줘요|외워\s*둬|외워\s*줘|저장해\s*줘)")
_ASKED = re.compile(r"[?？]\s*$")


def remember_said(text: str) -> str | None:
    """What `/remember` is given for `text` ("that" for a pointer at the last exchange), or None."""
    said = " ".join(text.split()).rstrip(" .!~")
    if not said or _ASKED.search(said):
        return None
    # a phone's apostrophe (U+2019: "don’t forget that …", pass 42) is the rules' "'", and a Latin word's Cyrillic
    # look-alike its Latin letter (pass 56c: "Jul\u0456a's birthday is March 3" went to the model); the fact keeps what
    # was typed (one character for one, so the match's span is the same in both)
    rules = latin_looks(said.replace("\u2019", "'"))
    if _EN_POINTER.fullmatch(rules):
        return "that"
    if (m := _EN_NAME.fullmatch(rules)) and not {w.title() for w in (m["said"] or m["name"]).split()} & _NOT_A_NAME:
        return f"my name is {' '.join(w[:1].upper() + w[1:] for w in (m['said'] or m['name']).split())}"
    for pattern in _EN:
        if m := pattern.fullmatch(rules):
            return said[m.start("fact"):m.end("fact")].strip(" ,")
    if (m := _EN_THE.fullmatch(rules)) is not None:
        # (imported here: the agenda's reader imports memory's rules)
        from jarvisd.openloop.commitments import time_holes

        fact = said[m.start("fact"):m.end("fact")].strip(" ,")
        return None if time_holes(fact) else fact
    if re.search(r"[가-힣]", said) and (m := _KO.fullmatch(said)):
        fact = m["fact"].strip(" ,")
        return said if only_deixis(said) else fact   # "그거 기억해": the pointer, as /remember reads it
    if (corrected := correction_of(said)) is not None:
        return corrected[0]
    return told_fact(said) or told_where(said)


# "no, Jenny is allergic to peanuts, not shellfish", "actually, Mia's birthday is March 4th, not the 3rd" (the sixty-first
# session: read as "actually it's …" of the fact kept just before, "Updated: my new phone number is Jenny is allergic to
# peanuts"): a correction that names its own subject is that fact told again, and the value it takes back is the old one
_CORRECTING = re.compile(r"(?:(?:no|nope|sorry|wait|oops|actually|correction|my\s+bad|i\s+mean)[\s,.!:-]{1,3}){1,3}"
                         r"(?P<fact>[^,;]{3,160}?)(?:,?\s+(?:and\s+)?not\s+(?P<was>[^,;]{1,40}))?", re.IGNORECASE)


# "아니, 아내는 새우 말고 땅콩 알레르기야": the same in Korean, the value taken back before 말고
_KO_CORRECTING = re.compile(r"(?:(?:아니|아니야|아냐|아니다|아\s+참|참|정정)[\s,.!]{1,3}){1,2}(?P<fact>[^,;]{3,160})")
_KO_NOT_BUT = re.compile(r"(?P<was>[가-힣A-Za-z0-9-]{1,20})\s+말고\s+")


def correction_of(said: str) -> tuple[str, str] | None:
    """A correction naming its own subject ("no, Jenny is allergic to peanuts, not shellfish"): (the fact told,
    "Jenny is allergic to peanuts"; the value taken back, "shellfish", or ""), or None."""
    if re.search(r"[가-힣]", said):
        if (m := _KO_CORRECTING.fullmatch(" ".join(said.split()).rstrip(" .!~"))) is None:
            return None
        was = _KO_NOT_BUT.search(m["fact"])
        told = _KO_NOT_BUT.sub("", m["fact"], count=1).strip(" ,")
        fact = told_fact(told)
        return (fact, was["was"] if was else "") if fact is not None else None
    m = _CORRECTING.fullmatch(latin_looks(" ".join(said.split()).rstrip(" .!").replace("\u2019", "'")))
    if m is None or (fact := told_fact(said[m.start("fact"):m.end("fact")].strip(" ,"))) is None:
        return None
    return fact, (m["was"] or "").strip(" ,")


# "actually it's 214", "sorry, I mean 214", "no, it's number 214" right after a fact was kept (the fifty-first session:
# SmolLM2 answered "(2026-12-06) My gym locker is number 214." and the old number stayed the answer): the fact again,
# with the new value
_EN_CORRECTED = re.compile(r"(?:(?:oh|oops|um|uh|wait|no|nope|sorry|actually|my\s+bad|i\s+mean|correction)[\s,.!:-]+)+"
                           r"(?:(?:it's|it\s+is|it's\s+actually|it\s+is\s+actually|that's|that\s+is|make\s+(?:it|that)|"
                           r"(?:it|that)\s+should\s+be|i\s+meant|i\s+mean)\s+)?(?P<value>[^?]{1,60}?)(?:,?\s+not\s+[^,]{1,30})?"
                           r"|(?:it's|it\s+is)\s+actually\s+(?P<value2>[^?]{1,60}?)(?:,?\s+not\s+[^,]{1,30})?", re.IGNORECASE)
_NOT_A_CORRECTION = re.compile(r"(?:never\s*mind|forget\s+(?:it|that|about)|nothing|that's\s+(?:it|all|fine|right|correct)|cancel|"
                               r"thanks?|thank\s+you|ok(?:ay)?|yes|yeah|yep|right|correct|good|great|fine|sure|i|i'm|i'll|you|we|it|that|"
                               r"let's|what|how|why|when|where|who|can|could|would|will|do|did|does|is|are|remind|set|add|"
                               r"call|buy|send|go|stop|please|tomorrow|today|tonight)\b", re.IGNORECASE)
_TOLD_VALUE = re.compile(r"(?P<subject>.+?\s+(?:is|are))\s+(?P<value>.+)", re.IGNORECASE)


def fact_corrected(said: str, kept: str) -> str | None:
    """The fact `kept` (just remembered, "my gym locker is number 212") with the value `said` gives instead
    ("actually it's 214": "my gym locker is number 214"), or None when `said` corrects nothing."""
    m = _EN_CORRECTED.fullmatch(" ".join(said.split()).rstrip(" .!"))
    told = _TOLD_VALUE.fullmatch(kept.strip().rstrip("."))
    if m is None or told is None:
        return None
    value = (m["value"] or m["value2"] or "").strip(" ,")
    if not value or _NOT_A_VALUE.match(value) or _NOT_A_CORRECTION.match(value) or len(value.split()) > 8 \
            or re.search(r"(?i:\b(?:is|are|was|were|isn't|aren't|wasn't|weren't|doesn't|don't|didn't|has|have)\b)", value):
        # ("actually leo isn't allergic to peanuts anymore": a sentence of its own, no value; pass 66 "Updated: leo is
        # leo isn't allergic to peanuts anymore")
        return None   # ("actually it's" alone: "it's" is no value, pass 57)
    old = told["value"]
    if _A_CLOCK.fullmatch(value) and not re.search(r"\d", old):
        return None   # "actually make it 1:30" after "my manager is Sarah" (the sixty-second session: "Updated: my manager
                      # is 1:30"): a time, the agenda's promise's, not a value of a fact that held no number
    digits = re.fullmatch(r"(?:number\s+|#\s*)?(?P<n>[\d][\d\s-]*)", value, re.IGNORECASE)
    if digits and len(runs := re.findall(r"\d[\d-]*", old)) == 1:   # "number 212" -> "number 214"
        return f"{told['subject']} {old.replace(runs[0], digits['n'].strip(), 1)}"
    return f"{told['subject']} {value}"


_A_CLOCK = re.compile(r"(?:at\s+)?\d{1,2}(?::\d{2})?\s*(?:[ap]\.?m\.?)?|noon|midnight", re.IGNORECASE)
_NOW_TAIL = re.compile(r"\s+(?:now|these\s+days|from\s+now\s+on|instead)\s*$", re.IGNORECASE)   # "my locker is 214 now"


def _closed(word: str) -> bool:
    """Whether a Hangul word ends in a consonant (takes 이, not 가)."""
    return bool(re.search(r"[가-힣]$", word)) and (ord(word[-1]) - 0xAC00) % 28 != 0


# "my dog is called rex", "our wifi is named homenet", "my bike lock is 9912", "my gym locker is 112" (named72: SmolLM2's
# "I'm a voice assistant … not a magic tool", nothing kept; then "what's my bike lock code?" was "not told"): what one of
# the user's things is called, or the number it is, kept
_EN_CALLED = re.compile(_TOLD_LEAD + r"(?P<fact>(?i:my|our)\s+(?:[\w'’-]+\s+){0,2}?[\w'’-]+\s+(?i:is|'s)\s+(?i:called|named)\s+"
                        r"(?P<value>[\w'’.-]+(?:\s+[\w'’.-]+){0,2}))")
_EN_NUMBERED = re.compile(_TOLD_LEAD + r"(?P<fact>(?i:my|our)\s+(?!(?i:meeting|appointment|flight|train|bus|class|call|shift|"
                          r"interview|exam|test|game|party|dinner|lunch|reservation|booking|pickup|delivery|alarm|timer|age|"
                          r"score|weight|temperature|temp|blood\s+pressure|sugar|heart\s+rate)\b)(?:[\w'’-]+\s+){0,2}?[\w'’-]+"
                          r"\s+(?i:is|'s)\s+(?:(?i:number)\s+)?(?P<value>\d{3,}[A-Za-z]?|\d{1,2}[A-Za-z]))")


def told_fact(said: str) -> str | None:
    """A fact told without "remember" ("my wife's birthday is March 3", "아내 생일은 3월 3일이야"), or None. Words with
    a mark drawn as nothing inside ("my lo\u200bcker code is 5521", "Julia's birth\u2060day is March 3", a soft hyphen,
    U+180E, a BOM) are read as the memory's readers read them (`fact_asked.readings`, `plain_words`), and the fact is
    kept in those words (pass 57: they went to the model, nothing kept, and "what's my locker code?" was denied)."""
    if (fact := _told_fact(said)) is not None:
        return fact
    from jarvisd.memory.fact_asked import readings  # (here: fact_asked's readers import this module's rules)
    from jarvisd.textsafe import plain_words

    for reading in readings(said):
        if (plain := " ".join(plain_words(reading).split())) != said and (fact := _told_fact(plain)) is not None:
            return fact
    return None


def _told_fact(said: str) -> str | None:
    rules = latin_looks(said.replace("\u2019", "'"))   # one character for one, as `remember_said`
    if (m := _EN_TOLD.fullmatch(rules)) is not None and not _NOT_A_VALUE.match(m["value"].strip()) \
            and not (re.match(r"(?i:the)\s", m["fact"]) and re.match(r"[a-z]{2,}ing\b", m["value"].strip(), re.IGNORECASE)):
        # ("the dog is barking": a thing named with "the" doing something, no fact)
        return _NOW_TAIL.sub("", said[m.start("fact"):m.end("fact")]).strip(" ,")
    if (m := _EN_ABOUT_ME.fullmatch(rules) or _EN_PREFER.fullmatch(rules) or _EN_THEIR_ALLERGY.fullmatch(rules)
            or _EN_THEIR_PLACE.fullmatch(rules) or _EN_WHO_IS.fullmatch(rules) or _EN_HOURS.fullmatch(rules)
            or _EN_WHO_DOES.fullmatch(rules) or _EN_RULE_GIVEN.fullmatch(rules)
            or _EN_LIKES.fullmatch(rules) or _EN_BORN.fullmatch(rules) or _EN_RENEWS.fullmatch(rules)
            or _EN_NEW_JOB.fullmatch(rules) or _EN_MOVED.fullmatch(rules) or _EN_DOES_MY.fullmatch(rules)
            or _EN_THEIR_LIKES.fullmatch(rules) or _EN_SET_TO.fullmatch(rules) or _EN_CALLED.fullmatch(rules)
            or _EN_NUMBERED.fullmatch(rules)) is not None:
        return said[m.start("fact"):m.end("fact")].strip(" ,")
    if (changed := _changed(rules, said)) is not None:
        return changed
    if (new_one := _new_one(rules, said)) is not None:
        return new_one
    if (m := _EN_SAID.fullmatch(rules)) is not None and not _MY_PROMISE.search(m["value"]):
        # (imported here: the agenda's reader imports memory's rules)
        from jarvisd.openloop.commitments import time_holes

        if not time_holes(m["value"]):
            return said[m.start("fact"):m.end("fact")].strip(" ,")
    if (run_on := _RUN_ON.search(rules)) is not None and (m := _EN_WHO_IS.fullmatch(rules[:run_on.start()])) is not None:
        # "Sam is my sister in law she's coming saturday at 3" (the sixtieth session: to SmolLM2, then "who's Sam?" got
        # "Sam is Sam's son"): who they are is kept; the visit after it is not read (said on its own it is a visit)
        return said[m.start("fact"):m.end("fact")].strip(" ,")
    if re.search(r"[가-힣]", said) and (m := _KO_TOLD_SHIFT.fullmatch(said)) is not None:
        fact = " ".join(m["fact"].split())
        return f"{fact}야" if fact.endswith(("근무", "휴무", "오프")) else f"{fact} 근무야"
    if re.search(r"[가-힣]", said) and (m := _KO_TOLD_SWAP.fullmatch(said)) is not None:
        return " ".join(m["fact"].split())
    if re.search(r"[가-힣]", said) and (m := _KO_TOLD_ORDER.fullmatch(said)) is not None and m["no"]:
        return f"{m['who']}{'께서' if m['who'].endswith('님') else '가' if not _closed(m['who']) else '이'} " \
               f"{m['what'].strip()}지 말라고 했어"
    if re.search(r"[가-힣]", said) and (m := _KO_TOLD.fullmatch(said) or _KO_TOLD_COUNT.fullmatch(said)
                                         or _KO_TOLD_WHO.fullmatch(said) or _KO_LIKES.fullmatch(said)
                                         or _KO_ALLERGY.fullmatch(said) or _KO_NEW_JOB.fullmatch(said)
                                         or _KO_MOVED.fullmatch(said) or _KO_THEIR_LIKES.fullmatch(said)
                                         or _KO_TOLD_ROLE.fullmatch(said)) is not None:
        return m["fact"].strip(" ,")
    if re.search(r"[가-힣]", said) and (m := _KO_TOLD_SUBJECT.fullmatch(said)) is not None:
        from jarvisd.openloop.hangul import topic

        key = " ".join(m["key"].split())
        value = m["value"].strip()
        return f"{key}{topic(key)} {value}{'야' if _ends_open(value) else '이야'}"
    if re.search(r"[가-힣]", said) and (m := _KO_CHANGED.fullmatch(said) or _KO_CHANGED_AFTER.fullmatch(said)
                                         or _KO_TOLD_CODE.fullmatch(said) or _KO_TOLD_MEASURE.fullmatch(said)):
        # "현관 비밀번호 바뀌었어 1234로" (the fifty-sixth session: "nothing to mark done", the old one said back): the
        # new value, kept as told ("현관 비밀번호는 1234야"), the newest of its subject
        from jarvisd.openloop.hangul import topic

        key, value = m["key"].strip(), m["value"].strip()
        return f"{key}{topic(key)} {value}{'야' if _ends_open(value) else '이야'}"
    return None


def run_on_after(said: str) -> str | None:
    """The run-on clause after who someone is, said of them ("Sam is my sister in law she's coming saturday at 3" ->
    "Sam is coming saturday at 3"), for the agenda to read; None when there is none."""
    rules = latin_looks(said.replace("\u2019", "'"))
    if (run_on := _RUN_ON.search(rules)) is None or (m := _EN_WHO_IS.fullmatch(rules[:run_on.start()])) is None:
        return None
    tail = said[run_on.end():]
    return re.sub(r"^(?:she's|he's|they're|she\s+is|he\s+is|they\s+are)", f"{said[m.start('who'):m.end('who')]} is", tail,
                  count=1, flags=re.IGNORECASE)


def _ends_open(word: str) -> bool:
    """The last syllable has no final consonant (a digit read in Korean: 1234 is 사, no final), so -야 not -이야."""
    from jarvisd.openloop.hangul import final

    last = word[-1]
    if last.isdigit():
        return last in "2459"   # 이, 사, 오, 구
    return not ("가" <= last <= "힣") or final(last) == 0


# A fact whose value shows nothing: "my gym locker is \u200b", "actually it's \ufeff" after "my gym locker is number
# 212" (read "my gym locker is number \ufeff"), "현관 비밀번호는 \ufeff야", a lone surrogate (U+FFFD once the edge made
# the text valid). Kept, it was the newest fact on its topic, so the value told before was no longer said back: "You
# told me your gym locker is." (pass 57). A fact typed so in plain letters ("/remember that's just how it is") is kept.
_VALUELESS = re.compile(r"(?:\b(?:is|are|was|were|am)(?:\s+(?:number|no\.?|#))?|(?<=[가-힣])(?:은|는)\s+"
                        r"(?:이야|야|예요|이에요|입니다|이다|임))\s*[.!]?\s*$", re.IGNORECASE)


def valueless(fact: str) -> bool:
    """Is `fact`'s value only characters that show nothing ("my gym locker is \u200b", "현관 비밀번호는 \ufeff야")?"""
    said = fact.rstrip()
    return bool(said) and _VALUELESS.search(seen := shown(said)) is not None and seen.rstrip() != said
