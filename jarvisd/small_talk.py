"""What a voice assistant owes without a model: "thank you", "never mind", and the weather or the news it cannot
know offline. Pure: the reply, or None for anything else.

Before (the forty-fifth session) these went to the chat model. On the offline default (SmolLM2-135M) `jarvisd chat`
answered "what's the weather" with "The weather in your area is currently: sunny, with a light breeze." (made up:
jarvisd runs without the internet and has no weather source), "never mind" with "I'm not sure what to say, but I'll
just have to try to find a way to make it work." and "thank you" with a lower-case paragraph. A capable model would
still make the weather up, so the rule holds for every backend; the short replies cost no model time either.
Only the whole utterance counts: "thanks, and what's on my agenda?" is not small talk.
"""

from __future__ import annotations

import random
import re

from jarvisd.approval_words import decision
from jarvisd.textsafe import plain_words

# ... or a word of fondness ("thank you dear": the fifty-ninth session's retiree, SmolLM2's "thank you, dear JARVIS")
_NAME = r"(?:\s*(?:,\s*)?(?:jarvis|자비스|dear|honey|love|sweetie|buddy|pal|mate))?"
_RNG = random.Random()   # a coin or a die, not a secret
# "that's all", "bye": the user is done (the forty-ninth session: "Thanks, that's all." went to SmolLM2, which said a
# remembered fact back: "The spare key is under the blue pot")
# "thats it" as Whisper writes it with no apostrophe (the sixty-first session's landlord: to SmolLM2, "thanks for the update")
_EN_DONE = (r"(?:that'?s\s+all|that\s+is\s+all|that'll\s+be\s+all|that\s+will\s+be\s+all|that'?s\s+it|that'?s\s+everything|"
            r"i'?m\s+done)")
# "for now", or what speech recognition made of it: "Thanks, that's all for the hour." (daemon run 84: SmolLM2, "I'm
# sorry I've been unable to assist you."), "for know", "for no"
_EN_FOR_NOW = r"(?:\s+for\s+(?:now|know|no|today|tonight|the\s+(?:hour|day|night|moment|evening|morning|week)))?"
_EN_BYE = (r"(?:bye|good\s*bye|see\s+you(?:\s+(?:later|soon|tomorrow))?|see\s+ya|talk\s+(?:to\s+you\s+)?(?:later|soon)|"
           r"catch\s+you\s+later|have\s+a\s+good\s+(?:one|day|night)|"
           # "thanks, good night" (daemon run 76: SmolLM2, "Just another day of life")
           r"good\s*night|night\s+night|nighty\s+night|sleep\s+well)")
# "thanks jarvis you're a lifesaver" (the sixtieth session's new parent: "Sorry, I don't have an answer to that."): praise
# after the thanks
_EN_PRAISE = (r"(?:\s*(?:,\s*)?(?:you're|you\s+are|ur)\s+(?:a\s+|the\s+|my\s+)?(?:real\s+|total\s+|absolute\s+)?(?:lifesaver|life\s+saver|"
              r"star|gem|hero|legend|champ|angel|best|awesome|amazing|great))?")
# "thats all thanks": the done before the thanks (the sixty-first session's club organiser: to SmolLM2, "thanks, jarden")
# "That's great, thanks a lot." (voice66's spoken day: to SmolLM2, 9.8 s to "I'm sorry I've been unable to assist you."):
# a word of approval before the thanks
_EN_APPROVAL = (r"(?:(?:(?:oh|ah|wow)\s*(?:,\s*)?)?(?:(?:that's|thats|that\s+is|that\s+was|that\s+sounds|sounds)\s+)?"
                r"(?:great|perfect|awesome|wonderful|lovely|brilliant|excellent|fantastic|nice|cool|good|fine)\s*(?:[,.!]\s*)?)?")
_EN_THANKS = re.compile(rf"(?:ok(?:ay)?\s*(?:,\s*)?)?{_EN_APPROVAL}(?:{_EN_DONE}{_EN_FOR_NOW}\s*(?:,\s*)?)?(?:thank\s+you|thanks|thank\s+u|thx|cheers|ta){_NAME}"
                        rf"(?:\s+(?:so\s+much|very\s+much|a\s+lot|a\s+bunch|again))?{_NAME}{_EN_PRAISE}"
                        rf"(?:\s*(?:,\s*)?(?:{_EN_DONE}{_EN_FOR_NOW}|{_EN_BYE}){_NAME})*")
# "Thanks, let's all fall down." for "Thanks, that's all for now." (daemon runs 96-97, turn 19: SmolLM2 wrote condolences
# for 2.1 s, which the guard dropped before "Sorry, I didn't catch that."): on the small model a thanks followed by a
# few words that ask nothing (no question, no request, no number) is owed "You're welcome." as the thanks alone is
_EN_THANKS_THEN = re.compile(rf"(?:ok(?:ay)?\s*(?:,\s*)?)?(?:thank\s+you|thanks|thank\s+u){_NAME}"
                             rf"(?:\s+(?:so\s+much|very\s+much|a\s+lot|again))?{_NAME}\s*[,.!;]\s*(?P<rest>[a-z']+(?:\s+[a-z']+){{0,4}})")
# the first words of a question or a request the model (or a later rule) should have: "thanks, what's next",
# "thanks, tell me a joke", "thank you, and can you play music"
_ASKS = frozenset("""what what's whats when when's where where's who who's whose why how how's which can could would will
should shall is are am was were do does did have has had tell give play set remind add put show read call text send
open turn start stop and but also plus now please one another next then so may might let find look search make write
book schedule cancel move check delete remove forget remember note keep save list say spell translate explain define
any anything""".split())
_EN_FAREWELL = re.compile(rf"(?:(?:ok(?:ay)?|alright|well)\s*(?:,\s*)?)?(?:{_EN_DONE}{_EN_FOR_NOW}\s*(?:,\s*)?)?{_EN_BYE}{_NAME}"
                          rf"(?:\s*(?:,\s*)?{_EN_BYE}{_NAME})*")
# "ㅇㅋ 고마워 잘자": an OK first and a good night after (the fifty-fifth session: to SmolLM2, "내 혈액형은 이름이야, …")
_KO_OK = r"(?:(?:[ㅇᄋ]{2}|[ㅇᄋ][ㅋᄏ]|오케이|오키|응|그래|알았어|알겠어|좋아)\s*(?:,\s*)?)?"
# "수고했어요 오늘은 여기까지" (the fifty-seventh session: read as a deed done, "잘하셨어요. 할 일 목록에 없던 일이라 …")
_KO_NIGHT = (r"(?:\s*(?:,\s*)?(?P<night>잘\s*자(?:요)?|안녕히\s*주무세요|굿\s*나잇|안녕|(?:오늘은?\s*)?여기까지(?:만|야|요|할게(?:요)?|하자)?|이만(?:\s*할게(?:요)?)?|"
             # "고마워 수고해" (the fifty-ninth session: to SmolLM2, an English paragraph)
             r"수고해(?:요)?|수고하세요|"
             # "고마워 수고했어" (the sixty-fourth session: read as a deed done, "잘하셨어요. 할 일 목록에 없던 일이라 …")
             r"수고\s*(?:했어|했어요|하셨어요|많았어|많았어요|많으셨어요)))?")
# "고마워요 참 똑똑하네" (the sixty-third session's elder: SmolLM2's "참똑하네."): thanks with praise after
_KO_PRAISE = (r"(?:\s*(?:,\s*)?(?:(?:참|정말|진짜|너무|역시)\s*)?(?:똑똑하(?:네|네요|다|구나)|똑똑해(?:요)?|최고(?:야|예요|다|네|네요)?|"
              r"잘했어(?:요)?|잘하네(?:요)?|착하네(?:요)?|기특하(?:네|네요|다)))?")
_KO_THANKS = re.compile(rf"{_KO_OK}{_NAME}\s*(?:고마워|고마워요|고맙습니다|감사해|감사해요|감사합니다|땡큐)(?:\s*(?:정말|진짜))?{_NAME}"
                        rf"{_KO_PRAISE}{_KO_NIGHT}")
# "안녕하세요 오늘 좀 적어 둘 게 있어요" (the sixty-third session's cafe owner: SmolLM2's "오늘 좀 적어둘 않아 안녕하세요."):
# something to tell announced, the thing to come next
_KO_AHEAD = re.compile(r"(?:(?:안녕(?:하세요)?|자비스(?:야)?|저기(?:요)?|있잖아(?:요)?)\s*(?:,\s*)?)*(?:오늘\s*|지금\s*)?(?:좀\s*)?"
                       r"(?:적어\s*둘|적어\s*놓을|메모할|기록할|부탁할|말할|말해\s*둘|알려\s*줄|얘기할|챙겨\s*줄)\s*"
                       r"(?:게|거|것이|것)\s*(?:좀\s*|몇\s*개\s*|하나\s*|많이\s*)?(?:있어|있어요|있는데|있는데요|있습니다|있다)")
_KO_AHEAD_REPLY = "네, 말씀하세요."
# "시험 잘 볼 수 있을까" (the sixty-third session's student: "죄송해요, 그건 답을 모르겠어요."): a hope for a test ahead
_KO_HOPE = re.compile(r"(?:(?:이번|내일|모레|다음\s*주)\s*)?(?:[가-힣]{1,6}\s+)?(?:시험|기말|중간고사|기말고사|면접|발표|시합|경기|오디션|수술|검사)"
                      r"(?:을|를|은|는|이|가|도)?\s*(?:잘\s*)?(?:볼|할|될|치를|칠|받을|끝날)\s*수\s*있(?:을까|겠지|겠죠|을까요|겠지요|겠어)"
                      r"|(?:[가-힣]{1,6}\s+)?(?:시험|면접|발표|수술|검사)(?:을|를|은|는|이|가)?\s*잘\s*(?:될까|되겠지|보겠지|볼까|할까)(?:요)?")
_KO_HOPE_REPLY = "그럼요, 준비하신 만큼 잘될 거예요. 힘내세요."
# "이사 가기 싫다 ㅠ" (the sixty-third session's mover: SmolLM2's English paragraph): a chore one dreads, told
_KO_DREAD = re.compile(r"(?:아|하|휴|아\s*진짜)?\s*(?:,\s*)?(?:[가-힣]{1,6}\s+){0,2}[가-힣]{1,6}기\s*(?:진짜|너무|정말|넘)?\s*"
                       r"싫(?:다|어|어요|네|네요|으네|은데)(?:\s*[ㅠㅜᅲᅮ]{1,6})?")   # (ㅠ as the words are read: ᅲ)
_KO_DREAD_REPLY = "그럴 때 있죠. 하나씩 같이 챙겨 봐요."
# "수고했어", "수고 많았어요": thanks for the work done (the fifty-fifth session: read as a deed done, "잘하셨어요. 할 일
# 목록에 없던 일이라 완료 표시할 건 없어요.")
_KO_WELL_DONE = re.compile(rf"{_KO_OK}{_NAME}\s*(?:오늘\s*)?(?:(?:정말|진짜|너무)\s*)?(?:수고\s*(?:했어|했어요|하셨어요|하셨습니다|했다|많았어|많았어요|"
                           rf"많으셨어요|많았다)|애썼어|애썼어요|고생\s*(?:했어|했어요|많았어|많았어요|하셨어요)){_NAME}{_KO_NIGHT}")
# "오늘 진짜 힘들다", "오늘 하루 고생했다", "아 피곤해" (the fifty-ninth session: to SmolLM2, "무어진 …", or read as a deed
# done, "잘하셨어요. 할 일 목록에 없던 일이라 …"): the user's own tiredness, said back kindly
# "이사 준비 너무 힘들다", "장사 힘들어" (the sixtieth session: to SmolLM2, which said a phone number back): what is
# hard named first, two words at most; "오늘 손님 진짜 많았어": a busy day
_KO_TIRED = re.compile(r"(?:(?:아|아이고|하|휴)\s*(?:,\s*)?)?(?:오늘)?\s*(?:하루\s*)?(?:[가-힣]{1,5}\s+){0,2}?"
                       r"(?:(?:종일|진짜|정말|너무|완전|엄청|되게|좀)\s*)?"
                       r"(?:(?:손님|주문|일|할\s*일)(?:이|도)?\s*(?:(?:진짜|정말|너무|엄청|되게)\s*)?많았(?:어|어요|다|네)|"
                       r"힘들(?:다|어|어요|네|네요|었어|었다)|힘드네요?|피곤(?:해|해요|하다|하네|하네요|했어|했다)|지친다|지쳤(?:어|어요|다)|"
                       r"빡세(?:다|네)|빡셌(?:어|다)|고생했(?:다|네))(?:\s*[ㅠㅜᅲᅮ]{1,6})?")
_KO_TIRED_REPLY = "오늘 고생 많으셨어요. 푹 쉬세요."
# "피곤하니까 내일 봐요", "그럼 다음에 보자" (round 65: SmolLM2's "집중으로 집중으로 …"; the agenda keeps no promise of it):
# a parting with a day, a reason before it at most
_KO_SEE_YOU = re.compile(r"(?:[가-힣]{1,6}(?:니까|는데|한데|은데|ㄴ데|서)\s*(?:,\s*)?)?(?:(?:그럼|그래|자|알았어|좋아)\s*(?:,\s*)?)?"
                         r"(?:내일|나중에|다음에|담에|이따(?:가)?|조금\s*이따|[월화수목금토일]요일에|주말에|다음\s*주에)\s*(?:또\s*)?"
                         r"(?:봐요|보자|봐|봬요|뵈요|뵐게요|만나요|만나자)")
_KO_SEE_YOU_REPLY = "네, 그때 봬요. 푹 쉬세요."
# "자비스 나 오늘도 야근이야 ㅠㅠ" (the sixty-fourth session: SmolLM2's "야근이야 2023"): working late, told
_KO_LATE_WORK = re.compile(r"(?:(?:나|저)\s*)?(?:(?:오늘도|오늘|또|이번\s*주도|이번\s*주|요즘|매일|내일도|내일)\s*){0,2}"
                           r"야근(?:이야|이에요|이다|이네|이네요|했어|했다|중이야|중이에요|각이다|각이야)(?:\s*[ㅠㅜᅲᅮ]{1,6})?")
_KO_LATE_WORK_REPLY = "야근하시느라 고생 많으세요. 끝나고 챙길 일 있으면 말씀하세요."
# "요즘 잠이 너무 안 와" (the sixty-fourth session: SmolLM2's English paragraph): sleeplessness, told
_KO_SLEEPLESS = re.compile(r"(?:(?:요즘|오늘|어제|밤에|요새)\s*){0,2}잠(?:이|을|도)?\s*(?:(?:너무|진짜|잘|통|계속|도무지)\s*){0,2}"
                           r"(?:안\s*(?:와|와요|오네|오네요|온다)|못\s*(?:자겠어|잤어|자|자요|잤어요|자겠어요))(?:\s*[ㅠㅜᅲᅮ]{1,6})?")
_KO_SLEEPLESS_REPLY = "잠이 안 오면 힘드시죠. 자기 전에는 화면을 멀리하고 편히 쉬어 보세요."
# "아 배고프다 저녁 뭐 먹지" (the sixty-fourth session: SmolLM2's "아배고프다 저녁 뭐 먹지. The user's Japanese …"): hunger,
# told, a meal wondered about
_KO_HUNGRY = re.compile(r"(?:(?:아|아이고|하|와)\s*,?\s*)?(?:(?:진짜|너무|넘|완전|엄청)\s*)?배\s*(?:고프(?:다|네|네요|당|다아)|고파(?:요)?)"
                        r"(?:\s*[ㅠㅜᅲᅮ]{1,6})?(?:\s*,?\s*(?:오늘\s*)?(?:아침|점심|저녁|밥|야식)?\s*(?:은|는)?\s*뭐\s*(?:먹지|먹을까|먹냐|먹나))?")
_KO_HUNGRY_REPLY = "끼니 거르지 말고 따뜻한 걸로 챙겨 드세요."
# "아 짐 정리 언제 다 하지 ㅠ" (the sixty-fourth session: SmolLM2's "I'm JARVIS, a voice assistant …"): a chore sighed at
_KO_SIGH_CHORE = re.compile(r"(?:(?:아|하|휴|아이고)\s*,?\s*)?(?:[가-힣]{1,6}\s+){0,2}[가-힣]{1,6}\s*(?:을|를|은|는)?\s*"
                            r"언제\s*다\s*(?:하지|하냐|하나|끝내지|끝내냐|끝나지|끝나냐)(?:\s*[ㅠㅜᅲᅮ]{1,6})?")
_KO_SIGH_CHORE_REPLY = "하나씩 하다 보면 금방 끝날 거예요. 오늘 할 만큼만 정해 볼까요?"
# "남편이 산부인과 같이 간대" (the sixty-fourth session: SmolLM2 said it back in a loop): someone going along, told
_KO_GOING_ALONG = re.compile(r"(?:[가-힣]{1,5}(?:이|가|도)\s+)(?:[가-힣]{1,8}\s+){0,2}(?:같이|함께)\s*"
                             r"(?:간대|간대요|가\s*준대|가\s*준대요|와\s*준대|와\s*준대요|가기로\s*했어|가\s*주기로\s*했어)")
_KO_GOING_ALONG_REPLY = "함께 가신다니 든든하시겠어요."
# "회식 장소 정하는 거 김대리가 한대" (the sixty-fourth session: SmolLM2's "정하는 거 김대리가 한대."): a task someone else
# takes on, told (nothing of the agenda's: the desk closes one when it is kept, `intent_words.KO_NOT_NEEDED`)
_KO_TAKEN_ON = re.compile(r"(?:[가-힣]{1,8}\s+){0,3}[가-힣]{1,6}(?:는|은|ㄴ|할)\s*(?:거|건|것은|것|일은|일)\s+"
                          r"[가-힣]{1,6}(?:이|가|님이)\s*(?:한대|한대요|해\s*준대|해\s*준대요|맡는대|맡았대|맡기로\s*했어|하기로\s*했어)")
_KO_TAKEN_ON_REPLY = "알겠어요. 그건 그분이 맡으시는 걸로 알고 있을게요."
# "나 이번주 나이트 근무야 수요일까지" (the sixty-fifth session's nurse: SmolLM2 said it back three times): a shift at
# night, told (a day it lasts until at most; "목요일 오프니까 …" is the desk's)
_KO_NIGHT_SHIFT = re.compile(r"(?:(?:나|저|난|전)\s*)?(?:(?:오늘도|오늘|또|이번\s*주도|이번\s*주|이번주도|이번주|요즘|내일도|내일|"
                             r"계속)\s*){0,2}(?:나이트|밤|야간|이브닝|당직)\s*(?:근무|번|출근)?\s*"
                             r"(?:이야|이에요|예요|야|이다|이네|해|해요|중이야|중이에요|서야|라서)"
                             r"(?:\s*(?:[월화수목금토일]요일|내일|모레|주말)\s*까지)?(?:\s*[ㅠㅜᅲᅮ]{1,6})?")
_KO_NIGHT_SHIFT_REPLY = "밤 근무 힘드시죠. 낮에 틈틈이 푹 주무세요."
# "아 피곤하다 밤새 한숨도 못잤어" (the sixty-fifth session: SmolLM2's "아파치 아파어 …"): a night not slept, told
_KO_NO_SLEEP = re.compile(r"(?:(?:아|하|휴|아이고)\s*,?\s*)?(?:피곤(?:하다|해|해요|하네)\s*,?\s*)?(?:(?:어제|오늘|어젯밤에?|밤새|밤새도록)\s*){0,2}"
                          r"(?:한\s*숨도\s*|잠을?\s*(?:한\s*숨도\s*)?|거의\s*)?못\s*(?:잤어|잤어요|잤다|잤네|잔\s*것\s*같아)"
                          r"(?:\s*[ㅠㅜᅲᅮ]{1,6})?|(?:(?:아|하)\s*,?\s*)?(?:(?:어제|오늘|또)\s*)?밤\s*샜(?:어|어요|다|네)(?:\s*[ㅠㅜᅲᅮ]{1,6})?")
_KO_NO_SLEEP_REPLY = "밤새 못 주무셨군요. 오늘은 틈날 때 꼭 눈 좀 붙이세요."
# "면접 뭐 입지 ㅠㅠ 떨린다" (the sixty-fifth session's student: SmolLM2 read back two sentences said before): nerves,
# told, with no number in it
_KO_NERVES = re.compile(r"[^0-9?？]{0,40}?(?:\s|^)(?:(?:진짜|너무|엄청|완전|넘|좀)\s*)?(?:떨린다|떨려|떨려요|떨리네|긴장된다|긴장돼|긴장돼요)"
                        r"(?:\s*[ㅠㅜᅲᅮ]{1,6})?")
_KO_NERVES_REPLY = "떨리시죠. 준비하신 만큼 잘하실 거예요."
# "이번주 고생했다 나" (the sixty-fifth session: SmolLM2's "I'm sorry for any inconvenience …"): the week's work, praised
_KO_SELF_PRAISE = re.compile(r"(?:(?:오늘|이번\s*주|이번주|한\s*주|올해|요즘)\s*(?:도|동안)?\s*)(?:(?:진짜|정말|너무|많이)\s*)?"
                             r"고생\s*(?:했다|했어|많았다|많았어)\s*(?:나|나\s*자신|내가)?")
_KO_SELF_PRAISE_REPLY = "정말 고생 많으셨어요. 푹 쉬세요."
# "납품 업체 바꿀까 고민이야" (the sixty-fifth session's café: SmolLM2's "This is a Japanese phrase …"): a choice pondered
_KO_PONDER = re.compile(r"[^0-9?？]{1,40}?(?:ㄹ까|을까|할까|갈까|볼까|까)\s*(?:말까\s*)?(?:고민\s*(?:이야|이에요|이다|중이야|중이에요|돼|되네|하고\s*있어)|생각\s*중이야)")
_KO_PONDER_REPLY = "고민되시겠어요. 정하시면 챙길 일은 말씀해 주세요."
# "요즘 부모님 병원 다니느라 정신이 없네" (the sixty-fifth session: "그렇군요."): a busy stretch, told
# the sixty-sixth session's four weeks (SmolLM2: "아마 오늘 콜 진짜 없다. This is a Japanese phrase …", "지친다.", "좋은
# 주말 is a Japanese word …", "신혼집 드디어 들어간다."): a slow day at work, worn out by a reason, looking forward, a
# good weekend wished
_KO_SLOW_DAY = re.compile(r"(?:(?:아|하|휴|아이고)\s*,?\s*)?(?:(?:오늘|요즘|이번\s*주)\s*)?(?:은\s*|도\s*)?(?:콜|손님|주문|장사|배달)(?:이|가|도|은)?\s*"
                          r"(?:(?:진짜|너무|하나도|별로|완전|엄청|왜이리|왜\s*이렇게)\s*)?(?:없다|없네|없어|없네요|없어요|안\s*된다|안\s*되네|안\s*돼)"
                          r"(?:\s*[ㅠㅜᅲᅮ]{1,6})?")
_KO_SLOW_DAY_REPLY = "오늘은 좀 한산하네요. 이런 날도 있죠, 힘내세요."
_KO_WORN_BY = re.compile(r"[^0-9?？]{1,40}?(?:서|니까)\s(?:(?:진짜|너무|넘|완전|좀|정말)\s)?(?:지친다|지쳤어|지쳐|지치네|지쳐요|힘들다|힘들어|피곤해|피곤하다)"
                         r"(?:\s*[ㅠㅜᅲᅮ]{1,6})?")
_KO_EXCITED = re.compile(r"[^0-9?？]{0,40}?(?:\s|^)(?:(?:너무|진짜|완전|넘|엄청|벌써)\s*)?(?:설렌다|설레|설레요|설레네|기대된다|기대돼|기대돼요|기대된다요)"
                         r"(?:\s*[ㅎㅋ!~]{1,6})?")
_KO_EXCITED_REPLY = "설레시겠어요. 좋은 일 가득하길 바랄게요."
_KO_GOOD_WEEKEND = re.compile(r"(?:자비스\s*(?:도|너도)?\s*)?(?:좋은\s*주말|주말\s*잘)(?:\s*(?:보내|보내요|보내세요|되세요|돼|보내라))?(?:\s*[!~]{1,3})?")
_KO_GOOD_WEEKEND_REPLY = "감사해요. 좋은 주말 보내세요!"
_KO_SWAMPED = re.compile(r"[^0-9?？]{0,40}?(?:느라|느라고|해서|어서|아서)?\s?(?:진짜|너무|정말|완전)?\s?정신(?:이|도)?\s*(?:하나도\s*)?없(?:네|어|어요|네요|다)"
                         r"(?:\s*[ㅠㅜᅲᅮ]{1,6})?")
_KO_SWAMPED_REPLY = "요즘 많이 바쁘시겠어요. 챙길 일은 말씀해 주시면 제가 기억해 둘게요."
# "엄마가 내시경도 같이 한대" (the sixty-fifth session: SmolLM2 said it back): someone doing one thing more, told
_KO_ALSO_DOING = re.compile(r"[가-힣]{1,5}(?:이|가|도)\s+[가-힣]{1,8}(?:도|까지)\s+(?:같이|함께)\s*"
                            r"(?:한대|한대요|받는대|받는대요|하기로\s*했어|받기로\s*했어)")
_KO_ALSO_DOING_REPLY = "알겠어요. 같이 하시는 걸로 알고 있을게요."
# "요즘 코코가 밥을 잘 안 먹어서 걱정이야" (the sixtieth session: to SmolLM2, which said it back with a date): a worry
# told, with no number in it (not "내일 3시 면접이라 걱정이야", which may be a plan)
_KO_WORRY = re.compile(r"[^0-9?？]{0,60}?(?:서|라|니까|는데|고)?\s*(?:좀\s*|너무\s*|많이\s*)?"
                       r"걱정(?:이야|이에요|이다|이네|돼|돼요|된다|되네|이야\s*[ㅠᅲ]+)(?:\s*[ㅠㅜᅲᅮ]{1,6})?")
_KO_WORRY_REPLY = "걱정되시겠어요. 좋아지길 바랄게요."
# "오늘은 좀 덜 아프네", "이제 좀 괜찮아졌어" (the sixty-first session: SmolLM2's "그렇군요."): feeling better, told
_KO_BETTER = re.compile(r"(?:(?:오늘은?|이제|요즘|어제보다|아까보다|많이|좀|훨씬|그래도|다행히)\s*){0,4}"
                        r"(?:(?!날씨)[가-힣]{1,4}(?:이|가|은|는|도)\s*)?"
                        # "다리가 많이 나아졌어요" (the sixty-second session: read as a deed done first)
                        r"(?:(?:이제|많이|좀|훨씬|다행히)\s*){0,3}"
                        r"(?:덜\s*아프(?:네|네요|다)|(?:괜찮아|나아)졌(?:어|어요|다|네)|살\s*것\s*같(?:아|다|네))")
_KO_BETTER_REPLY = "다행이에요. 그래도 무리하지 마세요."
# "애들이 오늘 너무 신났어요" (the sixty-second session: "잘하셨어요. 할 일 목록에 없던 일이라 …"): a glad day, told
_KO_GLAD = re.compile(r"(?:[가-힣]{1,4}(?:이|가|은|는|도|들이)\s*)?(?:(?:오늘|진짜|정말|너무|완전|엄청|되게|많이)\s*){0,3}"
                      r"(?:신났|즐거웠|재밌었|재미있었|좋아했)(?:어|어요|다|네|네요|더라|더라고요?)")
_KO_GLAD_REPLY = "즐거운 하루였네요."
_EN_NEVERMIND = re.compile(rf"(?:(?:oh|actually|um|uh|ah|wait|sorry|no)\s*,?\s+)*(?:never\s*mind|nevermind|nvm|forget\s+it|forget\s+about\s+it|no\s+thanks|"
                           rf"no\s+thank\s+you|nothing|{_EN_DONE}{_EN_FOR_NOW}|nothing\s+else|"
                           rf"don't\s+worry\s+about\s+it|i'm\s+good|all\s+good|"
                           # typed or heard as a whole turn, the voice's stop words are owed an "OK" (the forty-seventh
                           # session: "stop" in `jarvisd chat` went to SmolLM2, "I'm sorry for your loss …")
                           rf"(?:ok(?:ay)?\s*(?:,\s*)?)?stop(?:\s+(?:it|that|talking|now|please))?|be\s+quiet|quiet|shut\s+up|enough|"
                           rf"that's\s+enough){_NAME}")
_KO_NEVERMIND = re.compile(rf"{_NAME}\s*(?:아냐|아니야|아니에요|됐어|됐어요|괜찮아|괜찮아요|아무것도\s*아니야|그만|취소|"
                           rf"신경\s*쓰지\s*마|잊어버려|없어|없어요|조용히\s*해|멈춰|그만해|그만\s*말해)")
# "ugh so tired after that shift", "lol my brain is fried", "what a long day" (the sixty-fifth session's nurse and
# student: "Sorry, I didn't catch that." once SmolLM2's reply was cut, and "Good. That wasn't on your agenda, so there was
# nothing to mark done." for "fried" read as a deed done): the user's own tiredness, said back kindly
_EN_TIRED = re.compile(
    r"(?:(?:ugh|oh|man|lol|phew|whew|god|gosh|wow|so|well|honestly|urgh|argh)\s*,?\s+)*"
    r"(?:(?:(?:i'?m|i\s+am|i\s+feel|(?:i'?m\s+)?feeling|my\s+(?:brain|head|body|feet|back|legs)\s+(?:is|are|feels?)|"
    r"my\s+(?:brain|head)'s)\s+)?(?:(?:so|really|very|totally|completely|absolutely|super|just|pretty|utterly|dead)\s+)*"
    r"(?:tired|exhausted|wiped(?:\s+out)?|beat|knackered|shattered|drained|fried|done\s+in|worn\s+out|zonked|sleepy|"
    r"burnt\s+out|burned\s+out)(?:\s+(?:today|tonight|now|after\s+(?:that|the|my|this|work|a|today'?s)(?:\s+[\w'-]+){0,2}))?"
    # "ugh long day" (the sixty-sixth session's teacher: SmolLM2's "I'm not here to judge you"): the day said alone
    r"|(?:(?:what\s+a|such\s+a|it'?s\s+been\s+a|it\s+was\s+a|that\s+was\s+a|(?:i\s+)?had\s+a)\s+)?(?:(?:really|very|so)\s+)?"
    r"(?:long|rough|tough|hard|busy|crazy|exhausting)\s+(?:day|night|shift|week)(?:\s+(?:today|at\s+work|at\s+school))?)")
_EN_TIRED_REPLY = "Sounds like a long day. Get some rest when you can."
# "the weather is lovely today isnt it", "it's freezing out" (the sixty-fifth session's retiree: SmolLM2's "the weather is
# lovely today is not."): a remark, not a question; said back kindly, the weather neither looked up nor claimed
_EN_WEATHER_HOW = {"lovely": "sun", "beautiful": "sun", "gorgeous": "sun", "nice": "sun", "great": "sun", "sunny": "sun",
                   "warm": "sun", "freezing": "cold", "cold": "cold", "chilly": "cold", "hot": "hot", "boiling": "hot",
                   "miserable": "wet", "awful": "wet", "rainy": "wet", "gloomy": "wet", "grey": "wet", "gray": "wet",
                   "windy": "wet", "pouring": "wet", "snowing": "cold", "snowy": "cold"}
_EN_WEATHER_REMARK = re.compile(
    r"(?:(?:wow|oh|ah|so|man|gosh)\s*,?\s+)*(?:(?:the\s+)?weather(?:'s|\s+is)\s+(?:(?:so|really|very|absolutely|pretty|just)\s+)?"
    r"(?P<how>lovely|beautiful|gorgeous|nice|great|sunny|warm|freezing|cold|chilly|hot|boiling|miserable|awful|rainy|gloomy|"
    r"grey|gray|windy)|(?:it'?s|it\s+is|its)\s+(?:(?:so|really|very|absolutely|pretty|just)\s+)?(?P<out>sunny|freezing|chilly|"
    r"boiling|rainy|pouring|snowing|windy)|(?:it'?s|it\s+is|its|what)\s+(?:an?\s+)?(?:(?:so|really|very|absolutely|pretty|just)\s+)?"
    r"(?P<day>lovely|beautiful|gorgeous|nice|cold|hot|miserable|awful|gloomy|grey|gray)\s+(?:day|morning|afternoon|evening|out(?:side)?))"
    r"(?:\s+(?:today|out(?:side)?|this\s+(?:morning|afternoon|evening)))?(?:\s*,?\s+(?:isn'?t\s+it|innit|huh|eh|right))?")
_EN_WEATHER_REPLY = {"sun": "Sounds lovely. Enjoy it.", "cold": "Stay warm out there.",
                     "hot": "Stay cool, and drink plenty of water.", "wet": "Sounds like a day to stay in. Take an umbrella if you go out."}
# "the party went great", "my interview went well i think" with nothing of it kept (the sixty-fifth session: SmolLM2 said it
# back, "… but the exam was actually a test of your ability to think creatively …"); the desk closes one kept first
_EN_WENT_WELL = re.compile(
    r"(?:(?:so|and|ok|okay|oh|um|uh|well|yeah|anyway)\s*,?\s+)*(?:(?:the|my|our|his|her|their)\s+[\w'-]+(?:\s+[\w'-]+){0,3}?|it|that|everything)"
    r"\s+went\s+(?:(?:really|pretty|very|so|super|quite|totally|just|actually)\s+)?(?:fine|well|great|good|ok|okay|alright|"
    r"smoothly|perfectly|amazing|brilliant)(?:\s*,?\s+(?:i\s+think|we\s+passed|i\s+passed|thank\s+god|today|yesterday|"
    r"actually|after\s+all)){0,2}")
_EN_WENT_WELL_REPLY = "Good to hear it went well."
_EN_WEATHER = re.compile(
    r"(?:(?:hey|so|and|ok|okay)\s+)?(?:what(?:'s|\s+is)\s+the\s+(?:weather|forecast|temperature)(?:\s+like)?|"
    r"how(?:'s|\s+is)\s+the\s+weather|what's\s+it\s+like\s+outside|is\s+it\s+(?:going\s+to\s+be\s+)?"
    r"(?:raining|snowing|cold|hot|warm|sunny)(?:\s+outside)?|will\s+it\s+(?:rain|snow)|is\s+it\s+going\s+to\s+(?:rain|snow)|"
    r"do\s+i\s+need\s+an\s+umbrella|(?:give\s+me\s+|tell\s+me\s+)?the\s+(?:weather|forecast))"
    r"(?:\s+(?:today|tomorrow|tonight|this\s+(?:morning|afternoon|evening|week(?:end)?)|outside|now|right\s+now|"
    r"here|in\s+(?!(?:the|my|this|that|a|your|winter|summer|spring|autumn|fall|general)\b)[a-z]+(?:\s+[a-z]+)?|for\s+(?:today|tomorrow|the\s+week(?:end)?)))?")
# "오늘 날씨 좋다", "날씨 진짜 춥네" (the fifty-seventh session: to SmolLM2, "This is a Japanese phrase …"): a remark,
# not a question; said back kindly, the weather neither looked up nor claimed
_KO_WEATHER_REMARK = re.compile(r"(?:(?:와|우와|아|오)\s*(?:,\s*)?)?(?:오늘\s*|요즘\s*|밖에\s*)?날씨\s*(?:가|는)?\s*(?:진짜|정말|너무|완전|엄청|되게)?\s*"
                                r"(?P<how>좋|맑|춥|덥|흐리|쌀쌀하)(?:다|네|네요|구나|군|습니다|ㅂ니다)")
_KO_WEATHER = re.compile(r"(?:오늘|내일|지금|이번\s*주|주말)?\s*(?:날씨|기온|비|눈)\s*(?:가|는|이|은)?\s*"
                         r"(?:어때|어때요|어떻대|어떨까|알려\s*줘|알려\s*주세요|와|와요|올까|오나|온대|몇\s*도야|좋아)")
# "what time does the sun set?" (the forty-seventh session: SmolLM2 said "12:12pm in the Northern Hemisphere"): no
# place and no almanac offline, so said plainly, whatever the backend
_EN_SUN = re.compile(r"(?:(?:hey|so|and|ok|okay)\s+)?(?:what\s+time\s+(?:does|will|is)\s+(?:the\s+)?(?:sun\s*(?:set|rise)|sunset|sunrise)"
                     r"|when\s+(?:does|will|is)\s+(?:the\s+)?(?:sun\s*(?:set|rise|go\s+down|come\s+up)|sunset|sunrise)"
                     r"|what\s+time\s+is\s+(?:sunset|sunrise)|(?:sunset|sunrise)\s+time)(?:\s+(?:today|tonight|tomorrow|here))?")
_KO_SUN = re.compile(r"(?:오늘|내일)?\s*(?:해\s*(?:지는|뜨는)\s*(?:시간|거)|일몰|일출)\s*(?:시간)?\s*(?:이|은|는)?\s*(?:언제야|몇\s*시야|알려\s*줘|언제)")
NO_SUN = {"en": "I can't tell when the sun sets or rises: I don't know where you are, and I run without the internet.",
          "ko": "어디 계신지 모르고 인터넷 없이 동작해서 해 뜨고 지는 시간은 알 수 없어요."}
# "are you there?", "can you hear me?" (the forty-seventh session: SmolLM2 answered each with a paragraph, one of them
# "I'm sorry for your loss. … I'm not a machine"); "what are you doing?" stays the model's
_EN_PRESENCE = re.compile(rf"(?:(?:hey|so|ok|okay)\s*(?:,\s*)?)?(?:jarvis\s*(?:,\s*)?)?(?:are\s+you\s+(?:there|still\s+there|awake|listening|on|with\s+me)"
                          rf"|(?:can|do)\s+you\s+hear\s+me(?:\s+(?:now|ok(?:ay)?))?|you\s+there|anybody\s+(?:there|home)"
                          rf"|testing(?:\s+testing)?|mic\s+check){_NAME}")
_KO_PRESENCE = re.compile(r"(?:자비스(?:야)?\s*(?:,\s*)?)?(?:거기\s*있어|듣고\s*있어|내\s*말\s*들려|들려|내\s*말\s*들리니|들리니|"
                          r"깨어\s*있어)(?:요)?")
PRESENT = {"en": "I'm here, listening.", "ko": "네, 듣고 있어요."}
_EN_NEWS = re.compile(r"(?:(?:hey|so|and|ok|okay)\s+)?(?:what(?:'s|\s+is)\s+(?:the\s+)?(?:news|latest\s+news|headlines)|"
                      r"(?:give\s+me|read\s+me|tell\s+me)\s+the\s+(?:news|headlines)|any\s+news|"
                      r"who\s+won\s+the\s+(?:game|match)(?:\s+(?:last\s+night|yesterday|today))?)(?:\s+today)?")
_KO_NEWS = re.compile(r"(?:오늘\s*)?(?:뉴스|헤드라인)\s*(?:좀\s*)?(?:알려\s*줘|알려\s*주세요|뭐\s*있어|들려\s*줘|읽어\s*줘)")


_GREETING = re.compile(r"^\s*(?:(?:hey|hi|hello|good\s*(?P<part>morning|afternoon|evening|night)|(?P<bare>morning|evening))"
                       r"(?:[\s,]+(?:jarvis|there|again))*|(?P<ko>안녕(?:하세요)?|좋은\s*아침(?:이에요|입니다)?)"
                       r"(?:[\s,]*자비스(?:야)?)?|(?:자비스(?:야)?[\s,]*)(?P<ko2>안녕(?:하세요)?|좋은\s*아침)"
                       r"|(?:자비스(?:야)?[\s,]*)?(?P<night>잘\s*자(?:요)?|안녕히\s*주무세요|굿\s*나잇)(?:[\s,]*자비스(?:야)?)?)\s*[.!~]*\s*$",
                       re.IGNORECASE)


_EN_REPEAT = re.compile(rf"(?:sorry\s*(?:,\s*)?)?(?:(?:can|could|would)\s+you\s+)?(?:please\s+)?(?:say\s+(?:that|it)\s+again|"
                        rf"repeat\s+(?:that|it|yourself|the\s+(?:answer|last\s+(?:thing|part)))|what\s+did\s+you\s+(?:just\s+)?say|"
                        rf"come\s+again|pardon(?:\s+me)?|one\s+more\s+time|i\s+didn't\s+(?:catch|hear)\s+(?:that|you)|"
                        rf"what\s+was\s+that)(?:\s+(?:please|again))?{_NAME}")
_KO_REPEAT = re.compile(r"(?:다시\s*(?:한\s*번\s*)?말해\s*(?:줘|주세요|줄래)|"
                        # "방금 뭐라고 했어?" (the fifty-sixth session: to SmolLM2, "방금 이레라고 어레라고 …")
                        r"(?:방금|아까|지금|너|네가|니가|방금\s*전에)?\s*(?:뭐라고|뭐라)\s*(?:했어|했지|했어요|하셨어요|하셨죠|한\s*거야|그랬어|요)?|"
                        r"다시\s*(?:한\s*번)?\s*(?:얘기해|이야기해)\s*(?:줘|주세요)|못\s*들었어(?:요)?)")
_EN_ABOUT = re.compile(rf"(?:(?:hey|hi|hello|ok(?:ay)?|so)\s*(?:,\s*)?)?(?:jarvis\s*(?:,\s*)?)?(?:so\s+)?(?:what\s+(?:can|do)\s+you\s+do|what\s+are\s+you\s+(?:able\s+to\s+do|good\s+for)|"
                       rf"how\s+(?:do\s+i|can\s+i|should\s+i)\s+use\s+you|help(?:\s+me)?|what\s+are\s+you|who\s+are\s+you|"
                       rf"what(?:'s|\s+is)\s+your\s+name|what\s+should\s+i\s+call\s+you|tell\s+me\s+about\s+yourself){_NAME}")
_KO_ABOUT = re.compile(r"(?:자비스(?:야)?\s*(?:,\s*)?)?(?:너는?|넌|당신은?)?\s*(?:뭐\s*할\s*수\s*있어|뭘\s*할\s*수\s*있어|무엇을\s*할\s*수\s*있나요|누구야|누구세요|"
                       r"이름이\s*뭐야|이름이\s*뭐예요|뭐\s*하는\s*(?:애|거)야|도움말)|(?:너는?|넌|당신은?)\s*뭐야")
ABOUT = {"en": "I'm Jarvis, running offline on this computer. I keep your to-dos and remind you, set timers and "
               "alarms, remember what you tell me, and do quick sums.",
         "ko": "저는 자비스예요. 이 컴퓨터에서 인터넷 없이 할 일을 챙겨 알려 드리고, 타이머와 알람을 맞추고, 말씀하신 걸 "
               "기억하고, 간단한 계산을 해요."}


def repeat_asked(text: str) -> bool:
    """"Say that again", "what did you say?", "pardon?", "다시 말해 줘": the last answer, asked for again (the
    assistant says it; it owns the answers)."""
    words = _words(text)
    return bool(words) and bool(_EN_REPEAT.fullmatch(words) or _KO_REPEAT.fullmatch(words))


# "hey jarvis what's the weather like" (the sixty-first session: SmolLM2 made up "a mix of sunny and cloudy, with a light
# breeze"): the assistant called by name first, then the words each rule reads
_ADDRESS = re.compile(r"(?:(?:hey|hi|hello|ok(?:ay)?|yo|so)\s*(?:,\s*)?)?(?:jarvis|자비스(?:야)?)\s*,?\s+(?=\S)")


def _words(text: str) -> str:
    words = plain_words(text).casefold().replace("\u2019", "'").strip().rstrip(".!?？！。 ").strip()
    words = re.sub(r"\s+", " ", words) if len(words) <= 80 else ""
    return _ADDRESS.sub("", words, count=1) if _ADDRESS.match(words) else words


def greeting(heard: str) -> str | None:
    """"Good morning!" for "good morning, Jarvis", "Hello!" for "hi there", "안녕하세요!" for "자비스 안녕"; None when
    `heard` is not a greeting alone."""
    m = _GREETING.match(heard)
    if m is None:
        return None
    if m["night"]:   # "잘 자" (the forty-seventh session: SmolLM2 said "잘 자, 잘 자, 잘 자, …")
        return "안녕히 주무세요."
    if m["ko"] or m["ko2"]:
        return "좋은 아침이에요!" if "아침" in (m["ko"] or m["ko2"]) else "안녕하세요!"
    part = m["part"] or m["bare"]
    return f"Good {part.lower()}!" if part else "Hello!"


_EN_COIN = re.compile(r"(?:(?:can|could)\s+you\s+|please\s+)?(?:flip|toss)\s+(?:a|the)\s+coin(?:\s+for\s+me)?|heads\s+or\s+tails")
_KO_COIN = re.compile(r"동전\s*(?:좀\s*)?(?:던져|던지기|뒤집어)\s*(?:줘|주세요|봐)?")
_EN_DIE = re.compile(r"(?:(?:can|could)\s+you\s+|please\s+)?roll\s+(?:a|the|one)\s+(?:die|dice)(?:\s+for\s+me)?")
_KO_DIE = re.compile(r"주사위\s*(?:좀\s*)?(?:굴려|던져)\s*(?:줘|주세요|봐)?")
_EN_PICK = re.compile(r"(?:(?:can|could)\s+you\s+|please\s+)?(?:pick|choose|give\s+me|say)\s+a\s+(?:random\s+)?number\s+"
                      r"(?:between|from)\s+(?P<a>-?\d{1,9})\s+(?:and|to)\s+(?P<b>-?\d{1,9})")
_EN_SPELL = re.compile(r"(?:(?:can|could)\s+you\s+|please\s+)?(?:how\s+do\s+(?:you|i)\s+spell|spell)\s+(?:the\s+word\s+)?"
                       r"(?P<w>[a-z][a-z'-]{0,30})(?:\s+for\s+me)?")


def chance_or_spelling(words: str, korean: bool, rng: random.Random) -> str | None:
    """A coin, a die, a number picked, a word spelled: "Heads.", "You rolled a 4.", "7.", "Necessary: N, E, C, …"."""
    if _EN_COIN.fullmatch(words) or _KO_COIN.fullmatch(words):
        heads = rng.random() < 0.5
        return ("앞면이에요." if heads else "뒷면이에요.") if korean else ("Heads." if heads else "Tails.")
    if _EN_DIE.fullmatch(words) or _KO_DIE.fullmatch(words):
        rolled = rng.randint(1, 6)
        return f"{rolled}{'이' if rolled in (1, 3, 6) else '가'} 나왔어요." if korean else f"You rolled a {rolled}."
    if m := _EN_PICK.fullmatch(words):
        low, high = sorted((int(m["a"]), int(m["b"])))
        return f"{rng.randint(low, high)}."
    if m := _EN_SPELL.fullmatch(words):
        letters = [ch.upper() for ch in m["w"] if ch.isalpha()]
        return f"{m['w'][:1].upper()}{m['w'][1:]}: {', '.join(letters)}."
    return None


# "tell me a joke" (the forty-seventh session: SmolLM2 wrote two lines about a man looking in a mirror) and "how do I say
# thank you in Korean?" (SmolLM2: '"어먀요" … means "I'm sorry for your loss."'): on the small model only; a capable one
# tells a joke and translates as it likes
_EN_JOKE = re.compile(r"(?:(?:can|could|would)\s+you\s+|please\s+)?(?:tell|give)\s+me\s+(?:a|another|one\s+more)\s+"
                      r"(?:joke|funny\s+one)(?:\s+please)?|(?:make\s+me\s+laugh|say\s+something\s+funny|know\s+any\s+jokes)")
_KO_JOKE = re.compile(r"(?:재미있는|웃긴)?\s*(?:농담|유머|개그)\s*(?:하나\s*)?(?:해\s*줘|해\s*주세요|들려\s*줘|알려\s*줘)|웃겨\s*(?:줘|봐)")
JOKES = {"en": ("Why don't scientists trust atoms? Because they make up everything.",
                "I told my computer I needed a break, and it said: no problem, I'll go to sleep.",
                "Why did the scarecrow win an award? He was outstanding in his field.",
                "What do you call a fake noodle? An impasta.",
                "Why can't a bicycle stand up by itself? It's two tired.",
                "I would tell you a UDP joke, but you might not get it."),
         "ko": ("세상에서 가장 가난한 왕은? 최저임금이요.",
                "바나나가 웃으면? 바나나킥이요.",
                "왕이 넘어지면? 킹콩이요.",
                "소가 노래하면? 소송이요.",
                "자동차를 톡 치면? 카톡이요.")}
# "tell me a fun fact" (the seventieth session's spoken day: SmolLM2 described itself, the filter dropped it and the
# user heard "Sorry, I didn't catch that"): on the small model, one from a list of facts that are true
_EN_FUN_FACT = re.compile(r"(?:(?:can|could|would)\s+you\s+|please\s+)?(?:tell|give)\s+me\s+(?:a|another|one\s+more|some)\s+"
                          r"(?:fun|random|interesting|cool)\s+facts?(?:\s+please)?|(?:tell\s+me\s+something\s+"
                          r"(?:interesting|i\s+don't\s+know)|(?:do\s+you\s+)?know\s+any\s+(?:fun|interesting)\s+facts|"
                          r"(?:a\s+)?fun\s+fact(?:\s+please)?)")
_KO_FUN_FACT = re.compile(r"(?:재미있는|재밌는|신기한|흥미로운)\s*(?:사실|상식)\s*(?:하나\s*)?(?:알려\s*줘|알려\s*주세요|말해\s*줘|"
                          r"말해\s*주세요|들려\s*줘)|(?:상식|잡학)\s*(?:하나\s*)?알려\s*(?:줘|주세요)")
FUN_FACTS = {"en": ("Octopuses have three hearts.",
                    "A day on Venus is longer than its year.",
                    "Bananas are berries, but strawberries are not.",
                    "Wombats leave cube-shaped droppings.",
                    "A group of flamingos is called a flamboyance.",
                    "Sharks are older than trees: they were around more than 400 million years ago."),
             "ko": ("문어는 심장이 세 개예요.",
                    "금성에서는 하루가 일 년보다 길어요.",
                    "바나나는 식물학으로 보면 베리류지만, 딸기는 아니에요.",
                    "웜뱃은 정육면체 모양의 똥을 눠요.",
                    "상어는 나무보다 먼저 지구에 나타났어요.")}
_EN_TRANSLATE = re.compile(r"(?:(?:can|could)\s+you\s+|please\s+)?(?:how\s+(?:do|would)\s+(?:i|you)\s+say\s+.+\s+in\s+[a-z]+|"
                           r"translate\s+.+|what(?:'s|\s+is)\s+.+\s+in\s+(?:korean|english|japanese|chinese|french|spanish|german)|"
                           r"what\s+does\s+.+\s+mean\s+in\s+[a-z]+)")
_KO_TRANSLATE = re.compile(r".+(?:를|을)?\s*(?:영어|한국어|일본어|중국어|불어|프랑스어|스페인어|독일어)로\s*(?:뭐야|뭐라고\s*해|어떻게\s*(?:말해|말하지|해)|"
                           r"번역해\s*(?:줘|주세요))|.+\s*번역해\s*(?:줘|주세요)")
_CANT_TRANSLATE = {"en": "I can't translate reliably with the small built-in model. With Ollama running a larger model, "
                         "I can.",
                   "ko": "작은 내장 모델로는 번역을 믿을 만하게 못 해요. Ollama로 더 큰 모델을 쓰면 할 수 있어요."}


# "how are you?", "how's it going?", "잘 지냈어?" (the fifty-ninth session: SmolLM2, "I'm a voice assistant, and I'm here
# to help with any questions or issues you might have. I'm designed to assist with everything from …", 60 words aloud)
_EN_HOW_ARE_YOU = re.compile(rf"(?:(?:hey|hi|hello|good\s*(?:morning|afternoon|evening)|morning|so|and)\s*(?:,\s*)?)*{_NAME}\s*(?:,\s*)?"
                             rf"(?:how\s+are\s+you(?:\s+doing)?(?:\s+today|\s+this\s+(?:morning|afternoon|evening))?|"
                             rf"how(?:'s|\s+is)\s+it\s+going|how\s+are\s+things|how\s+have\s+you\s+been|how(?:'s|\s+is)\s+your\s+day"
                             rf"(?:\s+going)?|how\s+do\s+you\s+do|what's\s+up|whats\s+up|how\s+you\s+doing){_NAME}")
_KO_HOW_ARE_YOU = re.compile(r"(?:자비스(?:야)?\s*(?:,\s*)?)?(?:안녕(?:하세요)?\s*(?:,\s*)?)?(?:잘\s*(?:지냈어|지냈어요|지내|지내요|지내니|있었어|있었어요)|"
                             r"어떻게\s*지내(?:요|니)?|요즘\s*어때(?:요)?|기분\s*(?:어때|어때요)|오늘\s*(?:어때|어때요))")
HOW_I_AM = {"en": "I'm doing well, thanks. What can I do for you?", "ko": "잘 지내요, 고마워요. 뭘 도와드릴까요?"}


def small_model_answer(words: str, korean: bool, rng: random.Random) -> str | None:
    """A joke or a fun fact from the lists, the honest "I can't translate", or "OK." to a yes or no nothing asked for (only where the
    model in use is the small embedded one, which writes nonsense for them)."""
    if decision(words) is not None:   # a yes or no alone, nothing waiting for it (the agenda's questions and approvals
        return "알겠어요." if korean else "OK."   # answer it first): SmolLM2 wrote "안봉으로 새롭, …" for a late "응"
    if _EN_JOKE.fullmatch(words) or _KO_JOKE.fullmatch(words):
        return rng.choice(JOKES["ko" if korean else "en"])
    if _EN_FUN_FACT.fullmatch(words) or _KO_FUN_FACT.fullmatch(words):
        return rng.choice(FUN_FACTS["ko" if korean else "en"])
    if _EN_HOW_ARE_YOU.fullmatch(words) or _KO_HOW_ARE_YOU.fullmatch(words):
        return HOW_I_AM["ko" if korean else "en"]
    if _EN_TRANSLATE.fullmatch(words) or _KO_TRANSLATE.fullmatch(words):
        return _CANT_TRANSLATE["ko" if korean else "en"]
    return None


def owed_answer(text: str, small_model: bool = False, rng: random.Random | None = None) -> str | None:
    """The reply a whole utterance of small talk is owed, or None. A greeting alone is answered here only for a
    `small_model` (SmolLM2 said "Good morning Jarvis." back, and the turn waited ~0.7 s for it: daemon run 62); a
    capable model greets as it likes."""
    if small_model and (hello := greeting(text)) is not None:
        return hello
    words = _words(text)
    korean = bool(re.search(r"[가-힣]", words))
    if not words:
        return None
    if _EN_ABOUT.fullmatch(words) or _KO_ABOUT.fullmatch(words):
        return ABOUT["ko" if korean else "en"]
    if (chance := chance_or_spelling(words, korean, rng or _RNG)) is not None:
        return chance
    if small_model and (owed := small_model_answer(words, korean, rng or _RNG)) is not None:
        return owed
    if (m := _KO_THANKS.fullmatch(words) or _KO_WELL_DONE.fullmatch(words)) is not None:
        said = "천만에요." if m.re is _KO_THANKS else "별말씀을요. 언제든 불러 주세요."
        return f"{said} 안녕히 주무세요." if m["night"] and "잘" in m["night"] or m["night"] and "주무" in m["night"] \
            else f"{said} 또 불러 주세요." if m["night"] and "불러" not in said else said
    if _KO_TIRED.fullmatch(words) and not text.rstrip().endswith(("?", "？")):
        return _KO_TIRED_REPLY
    if _KO_SEE_YOU.fullmatch(words) and not text.rstrip().endswith(("?", "？")):
        return _KO_SEE_YOU_REPLY
    if _KO_LATE_WORK.fullmatch(words) and not text.rstrip().endswith(("?", "？")):
        return _KO_LATE_WORK_REPLY
    if _KO_SLEEPLESS.fullmatch(words) and not text.rstrip().endswith(("?", "？")):
        return _KO_SLEEPLESS_REPLY
    asked = text.rstrip().endswith(("?", "？"))
    for said, reply in ((_KO_NIGHT_SHIFT, _KO_NIGHT_SHIFT_REPLY), (_KO_NO_SLEEP, _KO_NO_SLEEP_REPLY),
                        (_KO_NERVES, _KO_NERVES_REPLY), (_KO_SELF_PRAISE, _KO_SELF_PRAISE_REPLY),
                        (_KO_PONDER, _KO_PONDER_REPLY), (_KO_SWAMPED, _KO_SWAMPED_REPLY),
                        (_KO_ALSO_DOING, _KO_ALSO_DOING_REPLY), (_KO_SLOW_DAY, _KO_SLOW_DAY_REPLY),
                        (_KO_WORN_BY, _KO_TIRED_REPLY), (_KO_EXCITED, _KO_EXCITED_REPLY),
                        (_KO_GOOD_WEEKEND, _KO_GOOD_WEEKEND_REPLY)):
        if not asked and said.fullmatch(words):
            return reply
    if _KO_HUNGRY.fullmatch(words):
        return _KO_HUNGRY_REPLY
    if _KO_SIGH_CHORE.fullmatch(words):
        return _KO_SIGH_CHORE_REPLY
    if _KO_GOING_ALONG.fullmatch(words) and not text.rstrip().endswith(("?", "？")):
        return _KO_GOING_ALONG_REPLY
    if _KO_TAKEN_ON.fullmatch(words) and not text.rstrip().endswith(("?", "？")):
        return _KO_TAKEN_ON_REPLY
    if _KO_AHEAD.fullmatch(words):
        return _KO_AHEAD_REPLY
    if _KO_HOPE.fullmatch(words):
        return _KO_HOPE_REPLY
    if _KO_DREAD.fullmatch(words) and not text.rstrip().endswith(("?", "？")):
        return _KO_DREAD_REPLY
    if _KO_WORRY.fullmatch(words) and not text.rstrip().endswith(("?", "？")):
        return _KO_WORRY_REPLY
    if _KO_BETTER.fullmatch(words) and not text.rstrip().endswith(("?", "？")):
        return _KO_BETTER_REPLY
    if _KO_GLAD.fullmatch(words) and not text.rstrip().endswith(("?", "？")):
        return _KO_GLAD_REPLY
    if _EN_TIRED.fullmatch(words) and not text.rstrip().endswith("?"):
        return _EN_TIRED_REPLY
    if (m := _EN_WEATHER_REMARK.fullmatch(words)) is not None and (not text.rstrip().endswith("?") or m["how"] or m["day"]):
        return _EN_WEATHER_REPLY[_EN_WEATHER_HOW[m["how"] or m["out"] or m["day"]]]
    if _EN_WENT_WELL.fullmatch(words) and not text.rstrip().endswith("?"):
        return _EN_WENT_WELL_REPLY
    if _EN_THANKS.fullmatch(words):
        return "You're welcome. Good night!" if re.search(r"night|sleep", words) else "You're welcome."
    if small_model and not asked and (m := _EN_THANKS_THEN.fullmatch(words)) is not None \
            and m["rest"].split()[0] not in _ASKS:
        return "You're welcome."
    if _EN_NEVERMIND.fullmatch(words) or _KO_NEVERMIND.fullmatch(words):
        return "알겠어요." if korean else "OK."
    if _EN_FAREWELL.fullmatch(words):
        return "Bye for now. I'm here when you need me."
    if (m := _KO_WEATHER_REMARK.fullmatch(words)) is not None:
        return {"좋": "날씨가 좋다니 다행이에요. 좋은 하루 보내세요.", "맑": "날씨가 좋다니 다행이에요. 좋은 하루 보내세요.",
                "춥": "따뜻하게 챙겨 입으세요.", "쌀쌀하": "따뜻하게 챙겨 입으세요.", "덥": "물 자주 드시고 더위 조심하세요.",
                "흐리": "우산 챙기시면 좋겠어요."}[m["how"]]
    if _EN_WEATHER.fullmatch(words) or _KO_WEATHER.fullmatch(words):
        return ("저는 인터넷 없이 이 컴퓨터에서만 동작해서 날씨는 알 수 없어요." if korean else
                "I can't check the weather: I run on this computer without the internet.")
    if _EN_PRESENCE.fullmatch(words) or _KO_PRESENCE.fullmatch(words):
        return PRESENT["ko" if korean else "en"]
    if _EN_SUN.fullmatch(words) or _KO_SUN.fullmatch(words):
        return NO_SUN["ko" if korean else "en"]
    if _EN_NEWS.fullmatch(words) or _KO_NEWS.fullmatch(words):
        return ("저는 인터넷 없이 이 컴퓨터에서만 동작해서 뉴스는 알 수 없어요." if korean else
                "I can't get the news: I run on this computer without the internet.")
    return None
