"""Agenda intents are recognized from the words alone, in English and Korean, and look-alikes are not."""

from __future__ import annotations

import pytest

from jarvisd.openloop.intents import correction_time, match_intent


@pytest.mark.parametrize("text, kind", [
    ("What's on my agenda?", "list"),
    ("Jarvis, what do I have to do?", "list"),
    ("read me my to-do list", "list"),
    ("What are my open tasks?", "list"),
    ("what's due today", "due_today"),
    ("What do I have due tomorrow?", "due_tomorrow"),
    ("anything due tomorrow", "due_tomorrow"),
    ("오늘 할 일 뭐 있어?", "due_today"),  # today's items, and how many others are open (two blind labellers)
    ("내 일정 알려줘", "list"),
    ("내일까지 할 거 뭐야?", "due_tomorrow"),
    ("오늘까지 해야 할 거 있어?", "due_today"),
    # the sixty-first session: SmolLM2's paragraph, and "I have nothing you promised You to remind me."
    ("what did i ask you to remind me about", "list"), ("What did I tell you to remind me?", "list"),
    ("what are you supposed to remind me about", "list"),
])
def test_agenda_questions_are_read_from_the_agenda(text, kind):
    intent = match_intent(text)
    assert intent is not None and intent.kind == kind


@pytest.mark.parametrize("text, kind, argument, command", [
    ("Mark the quarterly report as done", "done", "the quarterly report", True),
    ("check off the dentist", "done", "the dentist", True),
    ("The report is done", "done", "the report", False),
    # (the deed said with it since the sixty-first session: "i finished the slides" closed "send the slides to Priya")
    ("I finished the budget spreadsheet", "done", "finish the budget spreadsheet", False),
    ("cancel the dentist appointment", "cancel", "the dentist appointment", True),
    ("Forget about the car insurance, my wife already did it.", "cancel", "the car insurance", False),
    ("치과 예약 취소해줘", "cancel", "치과 예약", True),
    ("비행기표 예매 끝났어", "done", "비행기표 예매", False),
])
def test_done_and_cancel_carry_the_words_that_name_the_promise(text, kind, argument, command):
    intent = match_intent(text)
    assert intent is not None and (intent.kind, intent.argument, intent.command) == (kind, argument, command)


@pytest.mark.parametrize("text, minutes", [
    ("remind me again in 10 minutes", 10), ("Remind me again in an hour", 60), ("snooze", 10),
    ("snooze for five minutes", 5), ("10분 뒤에 다시 알려줘", 10), ("다시 알려줘", 10), ("한 시간 뒤에 다시 알려줘", 60),
])
def test_snooze_says_how_long(text, minutes):
    intent = match_intent(text)
    assert intent is not None and intent.kind == "snooze" and intent.minutes == minutes


@pytest.mark.parametrize("text, person", [
    ("what did I promise Mina?", "mina"), ("What did I tell Mina I'd do?", "mina"), ("민수한테 뭐 약속했지?", "민수"),
])
def test_promised_to_names_the_person(text, person):
    intent = match_intent(text)
    assert intent is not None and intent.kind == "promised_to" and intent.argument == person


@pytest.mark.parametrize("text", [
    "How do I cancel a subscription?", "I need to cancel my gym membership", "Play my playlist",
    "what's the weather tomorrow", "What did Mina say?", "내일 날씨 어때?", "은행 가는 건 취소됐어",
    "I have to finish the report by Friday", "check the oven in two hours",
])
def test_look_alikes_are_not_agenda_intents(text):
    assert match_intent(text) is None


@pytest.mark.parametrize("text, words", [
    ("No, Thursday.", "thursday"), ("아니 목요일", "목요일"), ("actually make it 4 pm", "4 pm"),
    ("아니다, 오후 5시로 해줘", "오후 5시로 해줘"), ("5시로 바꿔줘", "5시"), ("make it Friday at noon", "friday at noon"),
])
def test_a_correction_gives_the_words_of_the_new_time(text, words):
    assert correction_time(text) == words


@pytest.mark.parametrize("text", ["I need milk", "Thursday is fine for the meeting", "목요일에 보자"])
def test_other_sentences_are_no_correction(text):
    assert correction_time(text) is None


@pytest.mark.parametrize("text, words", [
    ("Oh, make that noon.", "noon"), ("Sorry, I meant Friday.", "friday"), ("No wait, Thursday.", "thursday"),
    ("죄송해요, 오후 2시로 정정할게요", "오후 2시"), ("아 금요일로 바꿔줘", "금요일"),
])
def test_corrections_with_fillers_and_apologies(text, words):
    assert correction_time(text) == words


def test_a_cancel_command_ends_at_the_comma():
    intent = match_intent("Scratch the thank-you notes, I'll just call everyone.")
    assert intent is not None and (intent.kind, intent.argument) == ("cancel", "the thank-you notes")


@pytest.mark.parametrize("text, kind, argument", [
    ("What's pending?", "list", ""), ("anything still open on my list", "list", ""),
    ("what have I committed to", "list", ""), ("so what deadlines are coming up tomorrow", "due_tomorrow", ""),
    ("any deadlines before the end of the day", "due_today", ""),
    ("Do I owe Lisa anything?", "promised_to", "lisa"), ("any promises to my sister", "promised_to", "sister"),
    ("내가 아직 안 끝난 일 뭐 있지", "list", ""), ("동생한테 뭐 해주기로 했지", "promised_to", "동생"),
    ("내일 해야 될 거 알려줘", "due_tomorrow", ""),
])
def test_agenda_questions_by_their_cues(text, kind, argument):
    intent = match_intent(text)
    assert intent is not None and (intent.kind, intent.argument) == (kind, argument)


@pytest.mark.parametrize("text, minutes", [("ping me again in 20 minutes", 20), ("not now, ten minutes", 10),
                                           ("이십 분 뒤에 다시 말해줘", 20), ("오 분만 미뤄줘", 5)])
def test_snoozes_by_their_cues(text, minutes):
    intent = match_intent(text)
    assert intent is not None and (intent.kind, intent.minutes) == ("snooze", minutes)


@pytest.mark.parametrize("text", ["Is it going to rain tomorrow?", "What did Lisa promise me?", "What's the score?",
                                  "Tell me a story about a dragon", "동생이 뭐 해준다고 했지?", "지금 몇 시야?"])
def test_questions_not_about_the_users_agenda_are_left_alone(text):
    assert match_intent(text) is None


@pytest.mark.parametrize("text", ["Remind me in two hours to check the oven.", "두 시간 뒤에 오븐 확인하라고 알려줘",
                                  "remind me in 10 minutes about the laundry"])
def test_a_reminder_with_a_task_is_a_promise_not_a_snooze(text):
    assert match_intent(text) is None


@pytest.mark.parametrize("text, kind", [
    ("Hey can you go over my tasks", "list"), ("what have I got coming up", "list"),
    ("음 요즘 내 일정 어떻게 돼", "list"), ("음 오늘 끝내야 할 게 뭐였지", "due_today"),
    ("내일 기한인 일 알려줘", "due_tomorrow"), ("not now remind me later", "snooze"),
    ("um can you bug me about it again in like 20 minutes", "snooze"), ("이따가 다시 알려주세요", "snooze"),
    ("um did I promise anything to Olivia", "promised_to"), ("음 민호한테 내가 뭐 해준다고 했지", "promised_to"),
])
def test_intents_found_after_the_second_held_out_set(text, kind):
    intent = match_intent(text)
    assert intent is not None and intent.kind == kind


@pytest.mark.parametrize("text", ["what's coming up on TV", "심심해 얘기 좀 하자"])
def test_look_alikes_after_the_second_held_out_set(text):
    assert match_intent(text) is None


@pytest.mark.parametrize("text, kind", [
    ("Give me another half hour.", "snooze"), ("uh remind me in like five more minutes", "snooze"),
    ("do I have anything I need to turn in by tomorrow", "due_tomorrow"),
    ("You can check off the dentist appointment.", "done"), ("um can you read me my to do list", "list"),
])
def test_intents_found_after_the_third_held_out_set(text, kind):
    intent = match_intent(text)
    assert intent is not None and intent.kind == kind


@pytest.mark.parametrize("text", ["준호가 나한테 뭐 해주기로 했었지?", "옷장 정리는 안 하기로 했어, 그거 빼줘"])
def test_someone_elses_promise_and_a_clause_of_its_own_are_no_intent(text):
    assert match_intent(text) is None


@pytest.mark.parametrize("text, kind, argument", [
    ("물 마셨어, 체크해줘", "done", "물"), ("빨래 다 갰어, 완료 처리해줘", "done", "빨래"),
    ("헬스는 안 갈래, 목록에서 지워줘", "cancel", "헬스"), ("I fed the cat, check it off", "done", "i fed the cat"),
    ("not doing the gutters, take it off the list", "cancel", "the gutters"),
    ("세금 신고 완료로 표시해줘", "done", "세금 신고"),
])
def test_a_remark_then_an_order_names_the_task(text, kind, argument):
    """Found by the fourth held-out set (other sentences there): "X 했어, 체크해줘"."""
    intent = match_intent(text)
    assert intent is not None and (intent.kind, intent.argument, intent.command) == (kind, argument, True)


@pytest.mark.parametrize("text, kind", [
    ("Not yet, later.", "snooze"), ("maybe later", "snooze"), ("not now, in a bit", "snooze"),
    ("What's on for today?", "due_today"), ("anything happening tomorrow", "due_tomorrow"),
    ("Which tasks haven't I done yet?", "list"), ("아직 못 끝낸 일 있어?", "list"),
    ("오늘은 뭐 해야 하지?", "due_today"),
])
def test_intents_found_after_the_fourth_held_out_set(text, kind):
    intent = match_intent(text)
    assert intent is not None and intent.kind == kind, intent


@pytest.mark.parametrize("text", ["차 보험 갱신해야 하는데 까먹지 않게 알려줘", "세금 내야 하니까 잊지 말고 알려줘"])
def test_a_reminder_request_with_a_task_is_no_agenda_question(text):
    assert match_intent(text) is None


@pytest.mark.parametrize("text, kind", [
    ("Walk me through everything I've promised to do.", "list"), ("남은 일 쭉 읊어 줘", "list"),
    ("Push it back twenty minutes.", "snooze"), ("delay it by an hour", "snooze"),
    ("내일 뭐 해야 되지?", "due_tomorrow"),
])
def test_intents_found_after_the_fifth_held_out_set(text, kind):
    intent = match_intent(text)
    assert intent is not None and intent.kind == kind, intent


@pytest.mark.parametrize("text", ["내일 뭐 입지", "내일 뭐 먹을까", "What did I promise to bring? Oh never mind."])
def test_look_alikes_after_the_fifth_held_out_set(text):
    intent = match_intent(text)
    assert intent is None or intent.kind != "due_tomorrow" and intent.argument not in ("bring", "do")


@pytest.mark.parametrize("text, kind, argument", [
    ("내일까지인 거 있어?", "due_tomorrow", ""), ("What do I have lined up for today?", "due_today", ""),
    ("약 먹었어, 완료로 해줘", "done", "약"), ("I'm not doing the tax course anymore, drop it.", "cancel", "the tax course"),
    ("Tell me what I promised for my brother.", "promised_to", "brother"), ("아빠 선물 사는 건 지워 주세요.", "cancel", None),
    ("누나한테 결과 알려주기로 했어", None, None),
])
def test_intents_found_after_the_eighth_held_out_set(text, kind, argument):
    intent = match_intent(text)
    if kind is None:
        assert intent is None, intent
        return
    assert intent is not None and intent.kind == kind, intent
    assert argument is None or intent.argument == argument


# ---- held-out set 9's kinds of miss, in sentences of our own -------------------------------------

@pytest.mark.parametrize("text", [
    "what's on my brother's to-do list",           # someone else's agenda
    "what are Mina's tasks for today",
    "what did our landlord promise the tenants",     # someone else's promise
    "did the plumber say he'd come tomorrow",
    "what's the best to-do app for Android",          # a question about tools, not the agenda
    "which reminders app should I use",
    "일정 관리 어플 추천해 줄래?",
    "할 일 목록 만드는 법 알려줘",
    "아내가 모레 뭐 하겠다고 했더라?",                  # someone else's plan, reported
    "팀장님이 오늘 뭐 한다고 하셨지",
])
def test_other_peoples_agendas_and_questions_about_apps_are_not_intents(text):
    assert match_intent(text) is None


@pytest.mark.parametrize("text, kind", [
    ("is anything due before the end of the day", "due_today"),
    ("is anything left for tonight", "due_today"),
    ("anything I have to deal with tomorrow?", "due_tomorrow"),
    ("is there anything I should take care of today", "due_today"),
    ("어젠다에 뭐 있어?", "list"),
    ("투두에 남은 거 뭐야", "list"),
])
def test_elliptic_and_loanword_agenda_questions(text, kind):
    intent = match_intent(text)
    assert intent is not None and intent.kind == kind, intent


@pytest.mark.parametrize("text, minutes", [
    ("두 시간 반 뒤에 다시 알려 줄래?", 150),
    ("이십 분 후에 알림 다시 줘", 20),
    ("삼십오 분 뒤에 다시 알려줘요", 35),
])
def test_korean_snoozes_with_a_half_and_sino_korean_numbers(text, minutes):
    intent = match_intent(text)
    assert intent is not None and intent.kind == "snooze" and intent.minutes == minutes, intent


@pytest.mark.parametrize("text, kind, argument", [
    ("take the gym class off, I'm skipping it", "cancel", "the gym class"),
    ("take the car wash off", "cancel", "the car wash"),
    ("우체국 갔다 왔어, 완료로 표시해 줘", "done", "우체국"),
    ("분리수거 했어, 완료 처리해 주세요", "done", "분리수거"),
])
def test_done_and_cancel_said_another_way(text, kind, argument):
    intent = match_intent(text)
    assert intent is not None and (intent.kind, intent.argument) == (kind, argument), intent


def test_a_person_with_irang_is_whom_i_promised_not_who_plans():
    intent = match_intent("동생이랑 뭐 하기로 했었지?")
    assert intent is not None and (intent.kind, intent.argument) == ("promised_to", "동생"), intent


# ---- held-out set 10's kinds of miss, in sentences of our own ------------------------------------

@pytest.mark.parametrize("text, kind, argument", [
    ("uh anything I promised for today", "due_today", ""),            # a day is no person
    ("What's on tonight's list", "due_today", ""),
    ("what did I promise the Park family", "promised_to", "park family"),
    ("음 아직 남은 약속 있어?", "list", ""),
    ("하윤이한테 뭐 약속했었지", "promised_to", "하윤"),                  # 하윤이 is 하윤
    ("Invoice went out to the Lees, mark it as done.", "done", "invoice went out to the lees"),
    ("The plants got watered, that one's done.", "done", "the plants got watered"),
    ("Milk's already in the fridge, clear that one.", "cancel", "milk's already in the fridge"),
    ("세차는 안 해도 돼 지워줘", "cancel", "세차"),
])
def test_set_10_kinds(text, kind, argument):
    intent = match_intent(text)
    assert intent is not None and (intent.kind, intent.argument) == (kind, argument), intent


# ---- held-out set 11's kinds of miss, in sentences of our own ------------------------------------

@pytest.mark.parametrize("text, kind, argument, minutes", [
    ("is there anything I gotta finish tonight", "due_today", "", None),         # "gotta"
    ("uh read me everything I haven't finished yet", "list", "", None),
    ("tomorrow, anything on my agenda", "due_tomorrow", "", None),              # the day said first
    ("what did I promise I'd bring Marcus", "promised_to", "marcus", None),     # a giving verb and its receiver
    ("snooze that for twenty minutes, I'm on the phone", "snooze", "", 20),     # a reason after it
    ("not now, just later okay, my hands are wet", "snooze", "", 10),
    ("아빠한테 내가 뭐 사 드린다고 했지?", "promised_to", "아빠", None),        # -ㄴ다고 했지
    ("은행에 뭐 약속했었지", "promised_to", "은행", None),                      # 에 for an organisation
    ("태오한테 내가 약속한 거 있었나", "promised_to", "태오", None),             # 있었나
    ("보험 서류 건 완료 처리해 줘", "done", "보험 서류", None),                  # 해 줘 with a space
    ("세탁소 다녀왔어요 체크 표시 해 주세요", "done", "세탁소", None),            # no comma before 체크
    ("20분 있다가 다시 리마인드 해줘", "snooze", "", 20),
    ("한 시간 있다가 또 얘기해 줘", "snooze", "", 60),
    ("음 헬스장 등록 건은 할 필요 없으니까 빼줘", "cancel", "헬스장 등록", None),   # the reason before the order
    ("오늘 꼭 끝내야 하는 거 알려줘", "due_today", "", None),
])
def test_set_11_kinds(text, kind, argument, minutes):
    intent = match_intent(text)
    assert intent is not None and (intent.kind, intent.argument) == (kind, argument), intent
    assert minutes is None or intent.minutes == minutes, intent


@pytest.mark.parametrize("text", [
    "today, I want to relax a bit",            # a day first is not an agenda question by itself
    "what did I say I'd buy",                  # no receiver
    "오늘에 뭐 약속 있었는지 모르겠네",             # a day is no organisation (and no question to me)
])
def test_set_11_lookalikes_stay_apart(text):
    intent = match_intent(text)
    assert intent is None or intent.kind != "promised_to", intent


@pytest.mark.parametrize("text, kind, argument, minutes", [
    ("give me twenty minutes and remind me again", "snooze", "", 20),
    ("what did I promise my son again", "promised_to", "son", None),
    ("세금계산서 발행 했다고 표시해 줘", "done", "세금계산서 발행", None),
    ("어 보일러 점검 그거 그냥 빼", "cancel", "보일러 점검", None),
])
def test_set_12_kinds(text, kind, argument, minutes):
    intent = match_intent(text)
    assert intent is not None and (intent.kind, intent.argument) == (kind, argument), intent
    assert minutes is None or intent.minutes == minutes, intent


def test_how_to_use_the_agenda_is_no_agenda_question():
    assert match_intent("일정 등록하려면 어떻게 해?") is None


# ---- held-out set 13's kinds of miss, in sentences of our own ------------------------------------

@pytest.mark.parametrize("text, kind, argument, minutes", [
    ("so what've I got for tonight", "due_today", "", None),                # "what've" is "what have"
    ("uh what've I got on", "list", "", None),
    ("what'd I promise Priya", "promised_to", "priya", None),              # "what'd I" is "what did I"
    ("what all am I on the hook for", "list", "", None),                    # on the hook: the user's obligations
    ("what am I on the hook for tomorrow", "due_tomorrow", "", None),
    ("is there anything else I might be forgetting", "list", "", None),     # what might slip
    ("what am I forgetting about tomorrow", "due_tomorrow", "", None),
    ("buzz me about it again in an hour and a half", "snooze", "", 90),      # a nudge verb; "and a half"
    ("nudge me again in one and a half hours", "snooze", "", 90),
    ("hit me up again in twenty minutes", "snooze", "", 20),
    ("give me two and a half hours", "snooze", "", 150),
    ("전기세 낸 걸로 표시해 주세요", "done", "전기세", None),                 # the deed as done, then the mark
    ("분리수거 다 한 걸로 체크해줘", "done", "분리수거", None),
    ("소포 부쳤다고 체크해 줘", "done", "소포", None),
    ("나중에 다시 얘기해 주세요", "snooze", "", 10),                          # later, tell me again
    ("좀 이따가 다시 물어봐 줘", "snooze", "", 10),
])
def test_set_13_kinds(text, kind, argument, minutes):
    intent = match_intent(text)
    assert intent is not None and (intent.kind, intent.argument) == (kind, argument), intent
    assert minutes is None or intent.minutes == minutes, intent


@pytest.mark.parametrize("text", [
    "what did my son promise his coach",         # someone else's promise, the subject of two words or three
    "what did Aunt Mira promise the kids",
    "what did the team captain promise everyone",
    "what's on TV tonight",
    "what is Sam on the hook for",               # someone else on the hook
    "what's the word I'm forgetting",            # forgetting, but not the agenda
    "what am I forgetting to pack for the beach",
    "hit me with a joke",
    "remind me in an hour and a half to take the bread out",   # a task after the amount: a promise
    "다시 얘기해 줘",                              # "say it again": a repeat, no snooze
    "수도세 안 낸 걸로 표시해 줘",                   # not paid: no done
    "내일 간다고 체크해 줘",                         # a plan reported, no deed
    "이번 모임은 없던 걸로 해 줘",
])
def test_set_13_lookalikes_are_not_answered_as_those_intents(text):
    intent = match_intent(text)
    assert intent is None or intent.kind not in ("promised_to", "done", "snooze", "list", "due_today"), intent


def test_i_promised_the_team_is_still_mine():
    intent = match_intent("what did I promise the band")
    assert intent is not None and (intent.kind, intent.argument) == ("promised_to", "band"), intent


# ---- held-out set 14's kinds of miss, in sentences of our own ------------------------------------

@pytest.mark.parametrize("text, kind, argument, minutes", [
    # an amount said again: the second one counts (and takes the first one's unit when said once)
    ("한 시간, 아니 사십 분 뒤에 다시 알려 줘", "snooze", "", 40),
    ("삼십 분 말고 이십 분만 미뤄 줘", "snooze", "", 20),
    ("ask me again in twenty, sorry, thirty minutes", "snooze", "", 30),
    ("snooze it an hour, no, forty five minutes", "snooze", "", 45),
    ("snooze that ten minutes, actually twenty", "snooze", "", 20),
    ("tell me again in five minutes", "snooze", "", 5),
    # where it goes from is not part of its name
    ("세탁소 건은 리스트에서 빼 줘", "cancel", "세탁소", None),
    ("그 적금 해지 건 할 일 목록에서 지워 주세요", "cancel", "적금 해지", None),   # 그: a filler
    ("보고서 초안은 목록에서 완료 처리해 줘", "done", "보고서 초안", None),
    # not yet done, asked with the subject after the auxiliary
    ("what have I still not done", "list", "", None),
    ("so what haven't I gotten to yet", "list", "", None),
    ("what isn't finished yet", "list", "", None),
    # today and a thing still to be done (a future adnominal)
    ("오늘 끝낼 거 뭐 있지", "due_today", "", None),
    ("오늘 내가 처리할 일 알려 줘", "due_today", "", None),
    # any modal of obligation
    ("what must I finish tonight", "due_today", "", None),
    ("what have I got to do tomorrow", "due_tomorrow", "", None),
    ("what must I still do", "list", "", None),
    # the thing asked about before 이/가 is no person
    ("모레 말고 내일 할 거가 뭐야", "due_tomorrow", "", None),
    ("남은 일이 뭐였더라", "list", "", None),
    ("일정이 뭐 있지", "list", "", None),
    # a person named with a number
    ("202호 할머니께 뭐 약속했지", "promised_to", "202호할머니", None),
    ("3반 담임선생님한테 뭐 해 드리기로 했더라", "promised_to", "3반담임선생님", None),
])
def test_set_14_kinds(text, kind, argument, minutes):
    intent = match_intent(text)
    assert intent is not None and (intent.kind, intent.argument) == (kind, argument), intent
    assert minutes is None or intent.minutes == minutes, intent


@pytest.mark.parametrize("text", [
    "I have two, no, three kids",                # an amount said again outside a snooze
    "remind me in ten, no, fifteen minutes to flip the steaks",   # a task after the amount: a promise
    "보고서 아니 십오 분 뒤에 알려줘",               # 아니 after no amount: no amount to drop
    "what should I do about my back pain",       # advice, not the agenda
    "what's not done in the kitchen",            # not done, but nobody's agenda
    "오늘 먹을 거 뭐 있어",                        # today and a future adnominal, but no agenda word
    "동생이 뭐 해 준다고 했지",                      # someone else's promise
    "지호가 뭐라고 했어",
    "도서관 책 반납 기한 연장하는 방법이 뭐야",         # a how-to
])
def test_set_14_lookalikes_are_not_answered_as_those_intents(text):
    intent = match_intent(text)
    assert intent is None or intent.kind not in ("promised_to", "done", "snooze", "list", "due_today", "due_tomorrow"), intent


def test_a_resaid_amount_keeps_the_first_when_the_second_is_no_amount():
    intent = match_intent("이십 분 뒤에 알려 줘")
    assert intent is not None and intent.minutes == 20, intent


def test_a_korean_order_said_with_jusaeyo_is_a_command():
    intent = match_intent("세탁소 건은 리스트에서 지워 주세요")
    assert intent is not None and (intent.kind, intent.argument, intent.command) == ("cancel", "세탁소", True), intent


@pytest.mark.parametrize("text, kind, argument", [
    # a state reported, then the order, with no comma between them
    ("the printer's fixed mark the printer done", "done", "the printer"),
    ("the venue is booked scratch the venue search", "cancel", "the venue search"),
    # the order said as a change of state (완료로 바꿔), after the deed said as done
    ("세미나 발표 자료 끝냈어 완료로 바꿔 줘", "done", "세미나 발표 자료"),
    ("항공권 결제 완료로 바꿔 주세요", "done", "항공권 결제"),
    # the reason reported (된대, 없대, 된다네), then an entry word, then the order: the name is what is left
    ("현수막 주문은 필요 없대 그거 지워 줘", "cancel", "현수막 주문"),
    ("꽃다발 준비 안 해도 된다네 취소해 줘", "cancel", "꽃다발 준비"),
    # the user as the subject is not part of the name
    ("내가 PM한테 뭐 해준다고 했지", "promised_to", "pm"),
])
def test_set_15_kinds(text, kind, argument):
    intent = match_intent(text)
    assert intent is not None and (intent.kind, intent.argument) == (kind, argument), intent


def test_a_state_then_mark_it_done_names_the_state():
    intent = match_intent("the grill is cleaned check it off")
    assert intent is not None and intent.kind == "done" and "grill" in intent.argument and intent.command, intent


@pytest.mark.parametrize("text", [
    "the plan is to mark the essays done",                  # the order is the remark's object
    "the teacher is going to mark the essays done",
    "she said the kids are out I should check off the permission slips",
    "the invoice went out and I'll mark it done later",
    "서연이가 팀장님한테 뭐 보낸다고 했더라",                  # someone else's plan, any verb before 다고
    "은우가 나한테 뭐 빌려준다고 했지",
    "회의록 정리 완료로 바꿔야 하는데",                       # a plan to change it, not the order
    "3시로 바꿔줘",                                         # a correction, not a done
])
def test_set_15_lookalikes_are_not_answered_as_those_intents(text):
    intent = match_intent(text)
    assert intent is None or intent.kind not in ("promised_to", "done", "cancel"), intent


# ---- held-out set 16's kinds of miss, in sentences of our own ------------------------------------

@pytest.mark.parametrize("text, kind, argument", [
    # the one addressed, named at the end ("mate", "Jarvis"), is no word of the question
    ("anything due tonight, buddy", "due_today", ""),
    ("what have I got on tomorrow Jarvis", "due_tomorrow", ""),
    ("what did I promise my sister, mate", "promised_to", "sister"),
    # going through the whole agenda with no agenda word: "run me through everything"
    ("walk me through it all", "list", ""),
    ("go over the whole lot again", "list", ""),
    ("talk me through tomorrow", "due_tomorrow", ""),
    ("take me through what's on tonight", "due_today", ""),
    # what might have slipped, asked after the fact
    ("did I forget anything tonight", "due_today", ""),
    ("have I forgotten something", "list", ""),
    ("anything else I've forgotten about", "list", ""),
])
def test_set_16_english_agenda_questions(text, kind, argument):
    intent = match_intent(text)
    assert intent is not None and (intent.kind, intent.argument) == (kind, argument), intent


@pytest.mark.parametrize("text", [
    "cancel drinks with my mate",                 # a mate who is in the task, not addressed
    "walk me through the recipe",                 # going through something that is not the agenda
    "run me through how to reset the router",
    "take me through the history of Rome",
    "did I forget anything in the car",           # forgetting a thing, not a task
    "what did I forget to pack for the trip",
    "what did my mate say about tomorrow",        # someone else
])
def test_set_16_english_lookalikes_are_no_agenda_questions(text):
    intent = match_intent(text)
    assert intent is None or intent.kind not in ("list", "due_today", "due_tomorrow"), intent
    assert intent is None or intent.argument != "drinks with my", intent


def test_a_mate_in_the_task_stays_in_its_name():
    intent = match_intent("cancel drinks with my mate")
    assert intent is not None and intent.argument == "drinks with my mate", intent


@pytest.mark.parametrize("text, minutes", [
    # a count with no unit after a verb of reminding, or after "snooze", is minutes
    ("hold on, ping me again in 20", 20),
    ("ask me in thirty", 30),
    ("snooze it for 45", 45),
    ("not yet, in 20", 20),
    # a rough time, then the amount that makes it exact (a filler between): the amount counts; days too
    ("remind me later, um, in like an hour", 60),
    ("remind me tomorrow or rather in a day", 1440),
    ("bug me again in a day", 1440),
])
def test_set_16_snoozes_with_a_bare_count_or_a_rough_time_first(text, minutes):
    intent = match_intent(text)
    assert intent is not None and (intent.kind, intent.minutes) == ("snooze", minutes), intent


@pytest.mark.parametrize("text", [
    "remind me in 20 to take the pizza out",      # a task after the count: a promise
    "remind me in two days to renew the permit",
    "remind me in a few",                         # "a few" of what: no count to read
    "give me 20 bucks",
    "I'm 15 minutes away",
])
def test_set_16_snooze_lookalikes(text):
    intent = match_intent(text)
    assert intent is None or intent.kind != "snooze", intent


@pytest.mark.parametrize("text, argument", [
    # the state a task ends in, said by its own verb
    ("mark the water bill as paid", "the water bill"),
    ("mark the visa forms submitted", "the visa forms"),
    ("check off the hotel as booked", "the hotel"),
    ("the parcel's gone, mark it as sent", "the parcel's gone"),
    ("mark the, uh, school trip money as paid", "the school trip money"),   # a filler inside the name
])
def test_set_16_done_said_by_the_tasks_own_end_state(text, argument):
    intent = match_intent(text)
    assert intent is not None and (intent.kind, intent.argument, intent.command) == ("done", argument, True), intent


@pytest.mark.parametrize("text", [
    "mark this email as read",                    # mail, not the agenda
    "mark the message as spam",
    "mark it as important",
    "set the heating to twenty",
])
def test_set_16_mark_as_lookalikes(text):
    intent = match_intent(text)
    assert intent is None or intent.kind != "done", intent


@pytest.mark.parametrize("text, kind, argument", [
    # a plain imperative (-라) or a dialect's request (도 for 줘) is the same order
    ("헬스장 등록 건 지워라", "cancel", "헬스장 등록"),
    ("택배 반품 취소해라", "cancel", "택배 반품"),
    ("어머니 선물 건 빼 도", "cancel", "어머니 선물"),
    ("보험 서류 건 삭제해", "cancel", "보험 서류"),
    ("관리비 완료 처리해라", "done", "관리비"),
    ("약 먹었어, 완료로 해 도", "done", "약"),
    ("우편물 건 빼 줘요", "cancel", "우편물"),     # 요 after the request: still an order
])
def test_set_16_korean_plain_and_dialect_orders(text, kind, argument):
    intent = match_intent(text)
    assert intent is not None and (intent.kind, intent.argument, intent.command) == (kind, argument, True), intent


def test_set_16_an_order_with_yo_after_the_request_is_still_an_order():
    intent = match_intent("택배 찾아 왔어요, 끝난 걸로 해 줘요")
    assert intent is not None and intent.kind == "done" and intent.command and "택배" in intent.argument, intent


@pytest.mark.parametrize("text", [
    "그 약속 빼도 돼",            # 빼도 before more words: "may I", no order
    "세차 건 빼라고 했잖아",        # the order reported
    "살 좀 빼라",                 # lose weight: taken off the body, not the list
    "어깨에 힘 빼",
    "넷플릭스 구독 어떻게 취소해",    # a question word: how-to, not an order
    "보고서 언제 완료 처리해",
])
def test_set_16_korean_order_lookalikes(text):
    intent = match_intent(text)
    assert intent is None or intent.kind not in ("cancel", "done"), intent


@pytest.mark.parametrize("text, minutes", [
    # a while later said as 좀 있다 / 쫌 이따, and the dialect's 도 or 주라 for 줘
    ("쫌 이따 다시 알려 도", 10),
    ("조금 있다가 다시 말해 주라", 10),
    ("십 분 있다 알려 도", 10),
    ("이십 분만 있다 다시 말해 줘", 20),
])
def test_set_16_korean_snoozes(text, minutes):
    intent = match_intent(text)
    assert intent is not None and (intent.kind, intent.minutes) == ("snooze", minutes), intent


@pytest.mark.parametrize("text", ["다시 알려도 돼", "좀 있다 다시 얘기하자", "좀 있다 밥 먹자"])
def test_set_16_korean_snooze_lookalikes(text):
    intent = match_intent(text)
    assert intent is None or intent.kind != "snooze", intent


@pytest.mark.parametrize("text, person", [
    # the plan quoted without 고, said with 했 or the dialect's 캤 (했더라, 캤노, 캤지)
    ("누나한테 뭐 사 준다 캤노", "누나"),
    ("민재한테 뭐 보내 준다 했더라", "민재"),
    ("선생님께 뭐 갖다 드린다 캤지", "선생님"),
])
def test_set_16_korean_promises_quoted_in_dialect(text, person):
    intent = match_intent(text)
    assert intent is not None and (intent.kind, intent.argument) == ("promised_to", person), intent


@pytest.mark.parametrize("text", [
    "누나가 뭐 사 준다 캤노",              # someone else's plan, quoted the same way
    "민재가 형한테 뭐 보내 준다 했더라",
    "아빠가 내일 온다 캤나",
    "지아가 뭐 까먹은 거 없나",            # someone else forgetting
])
def test_set_16_korean_other_peoples_plans_stay_none(text):
    assert match_intent(text) is None


@pytest.mark.parametrize("text, kind", [
    # the day's obligations as a bare noun phrase, the question left unsaid
    ("내일까지 처리해야 할 일들", "due_tomorrow"),
    ("오늘 안에 꼭 해야 하는 거", "due_today"),
    ("낼까지 마감인 것", "due_tomorrow"),
    # what might have slipped ("까먹은 거 없나", "잊어버린 거 있나")
    ("내가 혹시 잊어버린 거 없나", "list"),
    ("오늘 까먹은 일 있나", "due_today"),
])
def test_set_16_korean_agenda_questions(text, kind):
    intent = match_intent(text)
    assert intent is not None and intent.kind == kind, intent


@pytest.mark.parametrize("text", [
    "오늘 먹을 거",                        # a thing, no obligation
    "내일까지 보고서 끝내야 되는 거 알지",    # a task named inside: a remark, not the day's list
    "오늘 해야 할 일이 많아서 힘들다",
    "가방에 뭐 빠뜨린 거 없나",              # a thing left out of a bag
    "우산 까먹은 거 없나",
])
def test_set_16_korean_agenda_lookalikes(text):
    intent = match_intent(text)
    assert intent is None or intent.kind not in ("list", "due_today", "due_tomorrow"), intent


@pytest.mark.parametrize("text, argument", [
    ("scratch the plumber thing I'm not calling him", "the plumber"),           # a clause of the user's own ends it
    ("cancel the gym membership I don't use it anymore", "the gym membership"),
    ("forget about the bake sale I won't have time", "the bake sale"),
    ("cancel the meeting with Ian", "the meeting with ian"),                      # no clause: the whole thing
])
def test_a_withdrawal_names_the_thing_before_the_users_own_clause(text, argument):
    intent = match_intent(text)
    assert intent is not None and intent.kind == "cancel" and intent.argument == argument


@pytest.mark.parametrize("text, kind, minutes", [
    ("what's on the docket today", "due_today", None),
    ("anything on the radar for tomorrow", "due_tomorrow", None),
    ("what have I got on the go", "list", None),
    ("give me the rundown", "list", None),
    ("what's coming up this week", "due_week", None),
    ("bump that an hour", "snooze", 60),
    ("ask me again in a bit", "snooze", 10),
])
def test_more_everyday_wordings_of_the_agenda(text, kind, minutes):
    intent = match_intent(text)
    assert intent is not None and (intent.kind, intent.minutes) == (kind, minutes)


@pytest.mark.parametrize("text", ["what's coming up on TV", "what's on TV tomorrow", "bump it up",
                                  "give me the rundown of the game"])
def test_their_look_alikes_are_no_intent(text):
    intent = match_intent(text)
    assert intent is None or intent.kind == "none"


@pytest.mark.parametrize("text, kind, minutes", [
    ("오늘 일정 좀", "due_today", None),               # the ask left unsaid
    ("모레 말고 내일 스케줄 어떻게 돼", "due_tomorrow", None),
    ("20분만 이따가", "snooze", 20),                   # an amount and a later, no verb
    ("나중에", "snooze", 10),                          # a bare later, answering a reminder
    ("쫌 이따 다시", "snooze", 10),
])
def test_more_everyday_korean_wordings_of_the_agenda(text, kind, minutes):
    intent = match_intent(text)
    assert intent is not None and (intent.kind, intent.minutes) == (kind, minutes)


@pytest.mark.parametrize("text", ["나중에 밥 먹자", "30분 뒤에 출발해", "이따가 영화 보러 가자"])
def test_a_later_with_a_plan_of_its_own_is_no_snooze(text):
    intent = match_intent(text)
    assert intent is None or intent.kind != "snooze"


@pytest.mark.parametrize("text, kind", [
    ("what have I got tomorrow afternoon", "due_tomorrow"),       # a part of the day after it
    ("today's list please", "due_today"),                         # the day's list named alone
    ("so what's on for tomorrow then", "due_tomorrow"),           # a tag at the end
    ("tomorrow what am I doing again", "due_tomorrow"),           # the day said first
    ("오늘 내가 뭐 하기로 했더라", "due_today"),                    # a time, then the user as subject
])
def test_held_out_17s_kinds_of_agenda_question(text, kind):
    intent = match_intent(text)
    assert intent is not None and intent.kind == kind


@pytest.mark.parametrize("text", ["오늘 민수가 뭐 하기로 했지", "what am I doing with my life"])
def test_someone_elses_plan_or_a_musing_is_no_agenda_question(text):
    intent = match_intent(text)
    assert intent is None or intent.kind == "none"


@pytest.mark.parametrize("text, kind, argument, minutes", [
    ("어 tomorrow 뭐 해야 돼", "due_tomorrow", "", None),        # English words inside Korean
    ("내 to-do list 좀 읽어줘", "list", "", None),
    ("10분만 snooze", "snooze", "", 10),
    ("check off the 나비 grooming", "done", "the 나비 grooming", None),   # a Hangul name inside English
    ("what did I promise 지수", "promised_to", "지수", None),
    ("what's due tmrw", "due_tomorrow", "", None),
    ("nvm about lunch with jun drop it", "cancel", "lunch with jun", None),
])
def test_intents_said_in_both_languages(text, kind, argument, minutes):
    intent = match_intent(text)
    assert intent is not None and (intent.kind, intent.argument or "", intent.minutes) == (kind, argument, minutes)


def test_someones_schedule_named_first_is_no_agenda_question():
    intent = match_intent("지수 내일 스케줄 어떻게 돼")
    assert intent is None or intent.kind == "none"


@pytest.mark.parametrize("text, kind, argument, minutes", [
    ("tomorrow what should I finish", "due_tomorrow", "", None),
    ("what remains, the whole list", "list", "", None),
    ("my brother, what did I promise him", "promised_to", "brother", None),
    ("for today is there anything on the list", "due_today", "", None),
    ("지금은 바쁘니까 삼십 분 뒤에 다시 해", "snooze", "", 30),
])
def test_intents_of_set_19s_shapes(text, kind, argument, minutes):
    intent = match_intent(text)
    assert intent is not None and (intent.kind, intent.argument or "", intent.minutes) == (kind, argument, minutes)


@pytest.mark.parametrize("text, kind, argument, minutes", [
    ("세탁소 이불 찾은 거로 해 줘", "done", "세탁소 이불", None),    # the mark's word left out after 거로
    ("전기세 낸 걸로 해 줘유", "done", "전기세", None),                # Chungcheong -유
    ("간장 주문했슈 체크혀", "done", "간장", None),     # the deed said, then the mark
    ("오늘 해야 허는 게 뭐 있댜", "due_today", "", None),
    ("이따 다시 말해 줘유", "snooze", "", 10),
])
def test_intents_of_set_20s_shapes(text, kind, argument, minutes):
    from jarvisd.openloop.ko_dialect import standard
    intent = match_intent(standard(text))
    assert intent is not None and (intent.kind, intent.argument or "", intent.minutes) == (kind, argument, minutes)


@pytest.mark.parametrize("text", [
    "일정은 어떻게 바꾸는 거야",                     # how to use the agenda, the question word first
    "남편이 할 일 다 끝냈다는데 뭐 먹을까",           # someone else's deed, reported
    "이번 회식은 없던 걸로 해 줘",                    # called off: not done
])
def test_set_20s_lookalikes_are_not_answered_as_agenda_questions_or_done(text):
    from jarvisd.openloop.ko_dialect import standard
    intent = match_intent(standard(text))
    assert intent is None or intent.kind not in ("list", "due_today", "due_tomorrow", "done"), intent


def test_a_deed_reported_of_someone_else_still_lets_the_user_ask_for_their_own():
    intent = match_intent("민수가 할 일 다 했대 나는 뭐 남았어")
    assert intent is not None and intent.kind == "list"


def test_finished_as_the_mark_after_a_remark_still_names_the_remarks_thing():
    """"혈압약 타 왔어요, 끝난 걸로 해 줘요": 끝난 걸로 is the mark; the thing is in the remark before it."""
    intent = match_intent("혈압약 타 왔어요, 끝난 걸로 해 줘요.")
    assert intent is not None and intent.kind == "done" and intent.argument.startswith("혈압약"), intent


def test_whispers_do_for_due_is_read_as_due():
    intent = match_intent("What's do tomorrow?")
    assert intent is not None and intent.kind == "due_tomorrow"


@pytest.mark.parametrize(("said", "kind"), [
    ("what's on my calendar", "list"), ("what's on my calendar today", "due_today"), ("what's on my calender", "list"),
    ("my calendar for tomorrow", "due_tomorrow"), ("is there anything on my calendar for tomorrow", "due_tomorrow"),
    ("add it to my calendar", None), ("I need to update my calendar", None),
])
def test_the_calendar_asked_about_is_the_agenda(said, kind):
    """Pass 35: "what's on my calendar" went to the model ("schedule" was read, "calendar" not): the agenda is the
    only calendar jarvisd keeps."""
    intent = match_intent(said)
    assert (intent.kind if intent is not None else None) == kind


@pytest.mark.parametrize(("heard", "kind"), [
    ("What's on my gender?", "list"), ("Worse on my gender.", "list"), ("what is on my gender today", "due_today"),
    ("what's on my gender for tomorrow?", "due_tomorrow"),
    ("What's left on my gender?", "list"), ("what is still on my gender today", "due_today"),   # run 70: the model
    ("what's my gender", None), ("I want to talk about my gender", None), ("what is on my gender identity form", None),
    # run 41: "What's on my end?" and "What's new tomorrow?" went to the model ("I'm glad you're here. ... What's on
    # your end?", "I'm JARVIS, a voice assistant ...")
    ("What's on my end?", "list"), ("what's on my end tomorrow", "due_tomorrow"), ("What's new tomorrow?", "due_tomorrow"),
    ("what is new this week", "due_week"), ("everything's fine on my end", None), ("what's new", None),
    ("what's new today", None), ("what's new with you", None),
])
def test_whispers_gender_for_agenda_is_read_as_the_agenda_only_where_nothing_else_fits(heard, kind):
    """Whisper base on the daemon's conversation runs wrote "my agenda" as "my gender" (runs 36, 38, 39): the
    question went to the model ("I'm sorry for your loss …"); nothing else is "on my gender"."""
    intent = match_intent(heard)
    assert (intent.kind if intent is not None else None) == kind


@pytest.mark.parametrize("text, kind, minutes", [
    ("anything for today I have to remember", "due_today", None),    # a question said as a statement
    ("what do I need to sort out tomorrow", "due_tomorrow", None),
    ("what's on this arvo", "due_today", None),                       # Australian: afternoon
    ("not now mate, remind me later", "snooze", 10),
])
def test_intents_of_set_21s_shapes(text, kind, minutes):
    intent = match_intent(text)
    assert intent is not None and (intent.kind, intent.minutes) == (kind, minutes), intent


@pytest.mark.parametrize("text, kind, argument, minutes", [
    ("kindly show all my reminders", "list", "", None),
    ("snooze for a bit", "snooze", "", 10),
    ("tomorrow's to-do list", "due_tomorrow", "", None),
    ("what did i promise my lola in davao", "promised_to", "lola", None),
    ("남편한테 내가 뭐 해 준다 캤더라", "promised_to", "남편", None),
])
def test_intents_of_set_22s_shapes(text, kind, argument, minutes):
    intent = match_intent(text)
    assert intent is not None and (intent.kind, intent.argument or "", intent.minutes) == (kind, argument, minutes), intent


@pytest.mark.parametrize("text, kind, argument, minutes", [       # set 23's kinds, in sentences of our own
    ("what needs to be done by EOD", "due_today", "", None),
    ("what needs to be finished today", "due_today", "", None),
    ("tomorrow what all I have", "due_tomorrow", "", None),
    ("read out everything I've committed to", "list", "", None),
    ("push this reminder by twenty minutes", "snooze", "", 20),
    ("모레 약속 뭐 있어", "list", "", None),
    ("내일 약속 뭐 있는지 알려 줘", "due_tomorrow", "", None),
    ("잡아 놓은 거 뭐 있어", "list", "", None),
    ("오늘 뭐가 밀려 있어", "due_today", "", None),
    ("오늘 안으로 해야 되는 거 있는지 봐 줘", "due_today", "", None),
    ("세차 건 지워 버려", "cancel", "세차", None),
    ("세탁소는 다녀왔으니까 끝난 걸로 해", "done", "세탁소", None),
])
def test_intents_of_set_23s_shapes(text, kind, argument, minutes):
    intent = match_intent(text)
    assert intent is not None and (intent.kind, intent.argument or "", intent.minutes) == (kind, argument, minutes), intent


@pytest.mark.parametrize("text", ["엄마한테 말해야 하는데 깜빡했네", "말해야 되는 거 있었는데"])
def test_malhaeya_is_no_ask(text):
    intent = match_intent(text)
    assert intent is None or intent.kind not in ("list", "due_today", "due_tomorrow"), intent


@pytest.mark.parametrize(("text", "kind"), [
    ("what's my schedule for tomorrow", "due_tomorrow"), ("what are my plans today", "due_today"),
    ("what's my plan today", "due_today"), ("how does my schedule look tomorrow", "due_tomorrow"),
])
def test_my_schedule_for_a_day_is_the_days_agenda(text, kind):
    """The forty-fourth session: these went to the model (and, with a fact asked back, might have been said untold)."""
    intent = match_intent(text)
    assert intent is not None and intent.kind == kind, intent
