"""Closings in the wordings held-out sets 9-11 showed the rules missing, in sentences of our own: the
deed said without "I" ("Rang my aunt"), the promise pointed at ("that one's done", "clear that
reminder", "you can scratch that one") while another clause names it, a state said of the thing ("the
fish is defrosting already"), a participle followed by more ("scanned and in the folder"), someone
who no longer needs the help, a Korean deed before -는데; and the pronouns of a promise told to someone
("I told my aunt I'd call her back") resolved to that person, so the closing can name them."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from jarvisd.openloop.commitments import read_utterance
from jarvisd.openloop.desk import AgendaDesk
from jarvisd.openloop.korean_morph import KoreanAnalyzer
from jarvisd.openloop.service import OpenLoopService
from jarvisd.openloop.stores import JsonlLoopStore

ZONE = ZoneInfo("Asia/Seoul")
NOW = datetime(2026, 12, 1, 9, 0, tzinfo=ZONE)  # a Tuesday



@pytest.fixture
def service(tmp_path) -> OpenLoopService:
    return OpenLoopService(JsonlLoopStore(tmp_path / "openloops.jsonl"), tz=ZONE, clock=lambda: NOW.timestamp())


def statuses(service: OpenLoopService, korean: KoreanAnalyzer, *lines: str) -> dict[str, str]:
    desk = AgendaDesk(service, korean)
    for line in lines:
        desk.handle(line)
    return {loop.desc: loop.status.value for loop in service.all_loops()}


@pytest.mark.parametrize("text, action", [
    ("I told my aunt I'd call her back tomorrow.", "call my aunt back"),
    ("I told Jen I'd help her pack on Saturday.", "help Jen pack"),
    ("I promised Leo I'd proofread his essay tonight.", "proofread Leo's essay"),
    ("I told my neighbours I'd water their plants this weekend.", "water my neighbours' plants"),
    ("I told Priya I'd review her pull request.", "review Priya's pull request"),
])
def test_a_pronoun_of_a_promise_told_to_someone_is_that_person(text, action):
    [c] = read_utterance(text).commitments
    assert c.action == action


@pytest.mark.parametrize("promise, closing", [
    ("I told my aunt I'd call her back tonight.", "Just rang my aunt, so that one's done."),
    ("I have to take the fish out of the freezer at 5 pm.", "Fish is defrosting in the sink already, clear that reminder."),
    ("I need to scan the receipts for the accountant.", "All the receipts are scanned and in the folder now."),
    ("I promised Mia I'd check her draft by Friday.", "Checked Mia's draft, it's approved."),
    ("I have to put the dishes away tonight.", "The dishes are already away, you can scratch that one."),
    ("I told my brother I'd help him paint on Sunday.", "My brother doesn't need help painting after all."),
])
def test_english_closings(service, korean, promise, closing):
    [(desc, status)] = statuses(service, korean, promise, closing).items()
    assert status in ("done", "dismissed"), (desc, status)


def test_a_closing_that_names_the_thing_not_the_shared_verb(service, korean):
    """"Dropped off that parcel" closes the parcel, not "drop the car off": "off" names nothing."""
    got = statuses(service, korean, "I have to drop the car off at the garage on Friday.",
                   "I need to return the parcel to the post office by Saturday.",
                   "Dropped off that parcel at the post office, that one's finished.")
    assert got == {"drop the car off at the garage": "open", "return the parcel to the post office": "done"}


@pytest.mark.parametrize("text", [
    "The report is printed and I still need to sign it.",   # "and I": a new clause, the report is not done
    "The dishwasher is broken, you can scratch that idea.",
])
def test_no_closing_read_into(text):
    assert not any(c.status == "done" and c.reference.lower().startswith("the report") for c in
                   read_utterance(text).closures)


@pytest.mark.slow  # Korean: the Kiwi model
def test_a_korean_deed_before_neunde(service, korean):
    got = statuses(service, korean, "창고 정리해야 돼.", "창고 정리했는데 생각보다 금방 끝나더라.")
    assert list(got.values()) == ["done"]


@pytest.mark.slow
def test_a_korean_deed_before_a_setback_closes_nothing(service, korean):
    got = statuses(service, korean, "은행에 전화해야 돼.", "은행에 전화했는데 안 받았어.")
    assert list(got.values()) == ["open"]


# ---- held-out set 11's kinds of miss, in sentences of our own ------------------------------------

@pytest.mark.parametrize("promise, closing", [
    ("I need to pay the water bill tonight.", "okay the water payment went through"),
    ("I'm gonna wash the dog on Saturday, he's filthy.", "dog's all clean now"),
    ("I have to upload the signed lease to the landlord portal by Friday.",
     "the signed contract is on the portal now"),
])
def test_english_closings_said_as_states(service, korean, promise, closing):
    [(desc, status)] = statuses(service, korean, promise, closing).items()
    assert status == "done", (desc, status)


def test_a_state_with_a_problem_closes_nothing(service, korean):
    got = statuses(service, korean, "I need to clean the kids' room tomorrow.", "The kids' room is a mess.")
    assert list(got.values()) == ["open"]


def test_the_closing_verb_never_names_a_thing(service, korean):
    """"I dropped the kimchi off" shares "drop" with "eye drops": a deed, not the drops."""
    got = statuses(service, korean, "I have to put in my eye drops at 9 pm.", "I dropped the kimchi off at the church.")
    assert list(got.values()) == ["open"]


@pytest.mark.slow
def test_a_generic_noun_does_not_name_the_promise(service, korean):
    """"치과 예약 취소됐어": the dentist names it; 예약 (an appointment) is in both."""
    got = statuses(service, korean, "금요일에 치과 가서 검진 받기로 했어.", "건강검진 예약 전화해야 돼.",
                   "치과 예약 취소됐어, 선생님이 그날 쉬신대.")
    assert got == {"치과 가서 검진 받기": "dismissed", "건강검진 예약 전화하기": "open"}


@pytest.mark.slow
@pytest.mark.parametrize("promise, closing", [
    ("한 시간 뒤에 빨래 개야지.", "세탁물 다 개어 놨어"),                  # 놓 after the deed, and a synonym
    ("은행에 대출 서류 메일 보내야 돼.", "은행에 서류 건 문의했어, 내일 답 준대"),   # the deed, a comma, then news
])
def test_korean_closings(service, korean, promise, closing):
    [(desc, status)] = statuses(service, korean, promise, closing).items()
    assert status == "done", (desc, status)


def test_someone_elses_cancellation_does_not_withdraw_a_promise_sharing_only_letters(service, korean):
    """The dismissal rule's bigrams over a long English sentence ("the client cancelled Thursday's
    call, can you believe it" shares th, en, nt, ca, ll with "call the dentist") need a word past the
    description's verb as well; "cancel the dentist" still withdraws it."""
    got = statuses(service, korean, "I need to call the dentist tomorrow.",
                   "the client cancelled Thursday's call, can you believe it")
    assert list(got.values()) == ["open"]
    AgendaDesk(service, korean).handle("cancel the dentist")
    assert [loop.status.value for loop in service.all_loops()] == ["dismissed"]


def test_not_doing_that_anymore_withdraws_what_the_sentence_named():
    from jarvisd.openloop.commitments import read_utterance
    closures = read_utterance("the pottery class got cancelled, so we're not doing it after all").closures
    assert [(c.status, c.reference) for c in closures] == [("dismissed", "the pottery class")]
    assert read_utterance("I'm not doing that today").closures == ()   # a refusal of now, no withdrawal


def test_it_stands_for_the_whole_thing_named_not_its_last_noun():
    """"the boiler in the basement is fine, I checked it": "it" is the boiler in the basement, not "the
    basement" (which a drain in the basement has too)."""
    from jarvisd.openloop import naming
    from jarvisd.openloop.commitments import read_utterance
    closures = read_utterance("Okay the boiler in the basement is fine, I checked it").closures
    assert [c.reference for c in closures] == ["the boiler in the basement"]
    assert naming.best_reference(closures[0].reference, ["clean the drain in the basement",
                                                         "check the boiler in the basement"]) == 1


@pytest.mark.slow
def test_a_decision_to_finish_is_no_finished_deed(korean):
    from jarvisd.openloop.commitments import read_utterance
    assert read_utterance("지훈이가 금요일까지 발표 자료 끝내기로 했대", korean).closures == ()
    assert read_utterance("발표 자료 다 끝냈어", korean).closures != ()


# ---- held-out set 16's kinds of closing, in sentences of our own ---------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("promises, closing, closed", [
    # a check passed is the check had (English and Korean); the other promises stay open
    (["I need to book the van in for its roadworthy next week.", "I have to wash the van tomorrow."],
     "the van passed its roadworthy", "book the van in for its roadworthy"),
    (["다음 주에 자동차 정기검사 받아야 돼.", "내일 세차해야 돼."], "차 검사 통과했어", "자동차 정기검사 받기"),
    # 다녀오다 is going there; the fee of the same place is another promise
    (["토요일에 할머니 병원에 갈 거야.", "할머니 병원비 내야 돼."], "할머니 병원 다녀왔어", "할머니 병원에 가기"),
    # the booking's own verb (잡) tells the booking from the visit to the same place
    (["미용실 예약 금요일로 잡아 놔야겠다.", "토요일에 동생 데리고 미용실 가야 돼."], "미용실 예약 잡았어",
     "미용실 예약 잡아 놓기"),
])
def test_a_result_or_a_round_trip_closes_the_promise_it_finishes(service, korean, promises, closing, closed):
    got = statuses(service, korean, *promises, closing)
    assert [desc for desc, status in got.items() if status == "done"] == [closed], got


@pytest.mark.slow
def test_a_memory_of_long_ago_closes_nothing(service, korean):
    got = statuses(service, korean, "토요일에 아빠 요양병원에 갈 거야.", "아빠 재작년엔 요양병원에서 생신 잔치 했었지")
    assert list(got.values()) == ["open"]


def test_someone_elses_passed_test_closes_nothing():
    assert read_utterance("my sister passed her driving test").closures == ()
    assert [c.reference for c in read_utterance("I passed the exam").closures] == ["pass the exam"]


@pytest.mark.slow
@pytest.mark.parametrize("promise, closing", [
    ("I need to RSVP to Dana's party.", "I RSVP'd to Dana's party last night."),   # the user forgot it was done
    ("I need to review Jiwon's pull request today.", "I reviewed Jiwon's pull request last night."),
])
def test_a_deed_said_of_the_day_before_still_closes_a_promise_made_today(service, korean, promise, closing):
    """Held-out authors disagree on "done last night" of a promise made this morning (sets 9 and 15
    close it, set 8 does not); a user who says it means it is done, so it closes."""
    assert list(statuses(service, korean, promise, closing).values()) == ["done"]


def test_a_compound_names_a_kind_of_its_last_noun_but_a_verb_form_is_no_noun():
    from jarvisd.openloop.text import words_match
    assert words_match("정기검사", "검사") and words_match("전기요금", "요금")
    assert not words_match("찾아오기", "오기") and not words_match("해지하기", "하기")


@pytest.mark.slow
def test_one_withdrawal_named_by_its_words_withdraws_nothing_else_of_the_same_person(service, korean):
    """"예단은 시어머니 될 분이 알아서 하신대 안 해도 돼" withdraws the 예단 inquiry; the seed's bigram
    rule (which the person's words alone carry past its overlap) no longer also withdraws a present for
    the same person once the words named what is withdrawn."""
    got = statuses(service, korean, "시어머니 될 분 생신 선물 사야 돼 다음 주 금요일 전에", "예단 문의 넣어 놔야지",
                   "예단은 시어머니 될 분이 알아서 하신대 안 해도 돼")
    assert got == {"시어머니 될 분 생신 선물 사기": "open", "예단 문의 넣어 놓기": "dismissed"}, got


@pytest.mark.parametrize("promises, closing, closed", [
    (["I have to get the snow tires put on the van before Friday.", "I need to wash the van tomorrow."],
     "snow tires are on", ["get the snow tires put on the van"]),
    (["I need to take the compost out tonight."], "compost's out", ["take the compost out"]),
    (["I have to turn the garage lights off at 11."], "the garage lights are on", []),   # the other particle
    (["I need to bring the ladder back to Tom."], "the ladder's back now", ["bring the ladder back to Tom"]),
    (["I need to bring the patio chairs in before the storm."], "the patio chairs are in now", ["bring the patio chairs in"]),
])
def test_a_thing_where_the_promise_puts_it_closes_that_promise(service, korean, promises, closing, closed):
    got = statuses(service, korean, *promises, closing)
    assert [desc for desc, status in got.items() if status == "done"] == closed, got


@pytest.mark.slow
@pytest.mark.parametrize("promises, closing, status", [
    (["동생한테 이사 서류 보내줘야 돼.", "내일 세탁소 가야 돼."], "이사 서류는 동생이 알아서 한대", "dismissed"),   # someone takes it on
    (["내일 강아지 병원 데려가야 돼."], "강아지 병원 다녀왔어", "done"),                                             # there and back
])
def test_someone_taking_it_on_or_a_round_trip_closes_it(service, korean, promises, closing, status):
    got = statuses(service, korean, *promises, closing)
    assert sorted(got.values()) == sorted([status] + ["open"] * (len(promises) - 1)), got


@pytest.mark.parametrize("promises, closing, status", [
    (["I need to call the gas company tomorrow.", "I have to wash the car."], "Priya's gonna call the gas company", "dismissed"),
    (["I have to pick up Leo from karate at 6."], "my wife said she'll pick up Leo from karate", "dismissed"),
    (["I need to renew the car insurance."], "my dad is handling the car insurance", "dismissed"),   # a verb for any deed
    (["I have to help my brother move out on Saturday."], "my brother is going to move out Saturday", "open"),   # not my deed
    (["I'll phone Rosa tonight."], "Rosa said she'd phone me back tomorrow", "open"),   # her call to me is not mine to her
])
def test_someone_else_taking_on_the_same_deed_withdraws_it(service, korean, promises, closing, status):
    got = statuses(service, korean, *promises, closing)
    assert sorted(got.values()) == sorted([status] + ["open"] * (len(promises) - 1)), got


@pytest.mark.parametrize("promises, closing, status", [
    (["I'm going to send Marco the photos of the venue tonight.", "I need to print the menus."],
     "Marco got the photos, he loves the venue", "done"),                        # whoever it was for has it
    (["I will mail the scarf to Aunt Rita."], "okay, the scarf arrived in Calgary safely", "done"),
    (["I need to pick up the photos from the print shop."], "Marco got the photos", "open"),   # no giving promise
])
def test_the_thing_reaching_whoever_it_was_for_closes_the_promise_to_give_it(service, korean, promises, closing, status):
    got = statuses(service, korean, *promises, closing)
    assert sorted(got.values()) == sorted([status] + ["open"] * (len(promises) - 1)), got


@pytest.mark.parametrize("promise, closing, status", [
    ("I need to renew my passport before the 20th.", "passport is renewed did it online", "done"),   # a run-on clause
    ("I'll mail the parcel to my cousin at noon.", "parcel is mailed cost me a fortune", "done"),
    ("I'm gonna make brownies for the bake sale.", "never mind the brownies the school says no nuts allowed", "dismissed"),
])
def test_run_on_closings_as_a_transcript_has_them(service, korean, promise, closing, status):
    assert list(statuses(service, korean, promise, closing).values()) == [status]


@pytest.mark.slow
@pytest.mark.parametrize("promise, closing, status", [
    ("빨래 개야 돼.", "빨래 개기 다 했어", "done"),                                  # the task by its name, done
    ("주민등록 등본 떼야 돼.", "등본 떼기 했다", "done"),
    ("이따 다섯 시에 아들 수영 데리러 갈게.", "남편이 수영 픽업 한다고 했으니까 나는 안 가도 되겠어", "dismissed"),
])
def test_korean_closings_of_set_17s_shapes(service, korean, promise, closing, status):
    assert list(statuses(service, korean, promise, closing).values()) == [status]


@pytest.mark.parametrize("promise, closing, status", [
    ("lowkey I need to renew my gym pass by friday ngl", "gym pass renewed they emailed the receipt", "done"),   # texting words; run-on
    ("I'm gonna cancel my spotify subscription at some point", "actually nvm about spotify I'm keeping it", "dismissed"),
])
def test_closings_of_set_18s_shapes(service, korean, promise, closing, status):
    assert list(statuses(service, korean, promise, closing).values()) == [status]


@pytest.mark.parametrize("promise, closing", [
    ("I need to replace the porch light this week.", "the porch light I already replaced, it works"),   # the thing said first
    ("I have to send the rota to the volunteers.", "the rota, I sent it to all the volunteers"),
])
def test_a_thing_said_first_names_the_promise_done(service, korean, promise, closing):
    assert list(statuses(service, korean, promise, closing).values()) == ["done"]


def test_someone_taking_on_a_habit_from_now_on_leaves_todays_promise(service, korean):
    got = statuses(service, korean, "I need to pick up dad's inhaler at the pharmacy.",
                   "My brother said he'll handle dad's pharmacy runs from now on.")
    assert list(got.values()) == ["open"]


# ---- held-out set 20's kinds of closing, in sentences of our own ---------------------------------

@pytest.mark.slow
def test_a_call_said_twice_closes_the_call_not_a_promise_that_calls_on_the_way(service, korean):
    """"통화 다 했어유" after "세무사한테 전화했슈" restates that call; "병원에 전화해서 예약 잡기" has a call
    on the way to its deed (잡기), and a call alone names no such promise."""
    got = statuses(service, korean, "세무사한테 오늘 오후 4시에 전화할게유", "치과 예약은 모레 병원에 전화해서 잡을게",
                   "세무사한테 전화했슈 통화 다 했어유")
    assert got == {"세무사한테 전화하기": "done", "치과 예약 병원에 전화해서 잡기": "open"}, got


@pytest.mark.slow
def test_someone_elses_deed_after_the_thing_withdrawn_names_no_other_promise(service, korean):
    """"forget the plumber thing he came by and it's fixed": the reference ends where he starts; "fixed" is
    no name for "repair" in another promise."""
    got = statuses(service, korean, "I'll call the plumber tomorrow about the shower drain",
                   "I'll call the fridge repair guy this afternoon",
                   "forget the plumber thing he came by this morning and it's fixed")
    assert got == {"call the plumber about the shower drain": "dismissed", "call the fridge repair guy": "open"}, got


@pytest.mark.slow
def test_a_deed_on_another_thing_of_the_same_child_closes_nothing(service, korean):
    """"어제 지수 유치원 재롱잔치 했는데 …" shares 지수 and 유치원 with "지수 유치원 현장학습 동의서 내기", but each
    names a thing of its own (재롱잔치, 동의서)."""
    got = statuses(service, korean, "민서 학원 상담 신청서 내일까지 내야 돼", "어제 민서 학원 발표회 했는데 너무 잘했어")
    assert list(got.values()) == ["open"], got


@pytest.mark.slow
def test_someone_elses_gotta_is_no_state_of_the_users_promise(service, korean):
    got = statuses(service, korean, "I'll RSVP to Dana's birthday this thursday",
                   "Dana's gotta pick up her cake for the birthday by friday")
    assert list(got.values()) == ["open"], got


@pytest.mark.slow
def test_a_deed_said_after_its_place_still_closes_the_promise_made_there(service, korean):
    """The other-thing rule ("재롱잔치" is not "현장학습 동의서") only weighs a thing at the reference's end;
    "주민센터 안 가도 돼" ends in a deed and withdraws the visit, as before."""
    got = statuses(service, korean, "내일 오후 두 시에 구청 가서 초본 떼 올게", "초본은 인터넷으로 뽑았어 구청 안 가도 돼")
    assert list(got.values()) != ["open"], got
