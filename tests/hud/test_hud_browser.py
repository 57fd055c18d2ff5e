"""The HUD in a real headless Chromium (Debian's, driven by Playwright) against a real uvicorn server:
a user reviews and tidies the agenda, sends a turn, sees the judge's changes arrive live, answers an
approval card, and forgets a conversation session (checked in the LanceDB store on disk)."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from jarvisd.events import AgendaChanged, ReminderDue, StatusChanged, TranscriptLine

from .conftest import TOKEN, ServedHud, memory_scope

pytestmark = pytest.mark.slow  # headless Chromium

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update"]
REPO = Path(__file__).resolve().parents[2]
DAY_MS = 86_400_000


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield browser
        browser.close()


@pytest.fixture(scope="module")
def page(browser: Browser, served: ServedHud) -> Iterator[Page]:
    page = browser.new_page(viewport={"width": 1100, "height": 420})
    yield page
    page.close()


def open_loop_row(page: Page, text: str):
    return page.locator("#open-loops li", has_text=text)


def closed_loop_row(page: Page, text: str):
    return page.locator("#closed-loops li", has_text=text)


def test_the_page_shows_a_loop_from_the_agenda_and_forgets_the_token_in_the_address(page: Page, served: ServedHud):
    served.hud.service.add("Send the quarterly report to Mina",
                           due_ms=int(time.time() * 1000) + DAY_MS)
    page.goto(f"{served.url}/#token={TOKEN}")
    expect(page.locator("#live")).to_have_text("live")
    expect(open_loop_row(page, "Send the quarterly report to Mina")).to_be_visible()
    expect(open_loop_row(page, "Send the quarterly report to Mina").locator(".due")).to_contain_text("due 20")
    assert "token" not in page.url
    expect(page.locator("#backend-status")).to_have_text("backend: embedded")


def test_done_moves_the_loop_to_closed_and_revive_reopens_it(page: Page, served: ServedHud):
    desc = "Send the quarterly report to Mina"
    page.get_by_role("button", name=f"done: {desc}").click()
    expect(closed_loop_row(page, desc)).to_be_visible()
    expect(open_loop_row(page, desc)).to_have_count(0)
    assert served.hud.service.agenda() == []

    page.get_by_role("button", name=f"reopen: {desc}").click()
    expect(open_loop_row(page, desc)).to_be_visible()
    expect(closed_loop_row(page, desc)).to_have_count(0)
    expect(page.locator("#agenda-error")).to_be_hidden()


def test_a_repeating_loop_shows_its_rule_and_done_brings_the_next_one(page: Page, served: ServedHud):
    desc = "Take my pills"
    served.hud.service.add(desc, due_ms=int(time.time() * 1000) + DAY_MS, repeat="daily")
    expect(open_loop_row(page, desc).locator(".meta")).to_contain_text("↻ every day")
    page.get_by_role("button", name=f"done: {desc}").click()
    expect(closed_loop_row(page, desc)).to_be_visible()
    expect(open_loop_row(page, desc)).to_have_count(1)   # the next day's, live
    [next_one] = [loop for loop in served.hud.service.agenda() if loop.desc == desc]
    assert next_one.repeat == "daily"
    served.hud.service.dismiss(next_one.id)   # the series ends; the page's other tests see a clean agenda


def test_reviving_an_expired_loop_shows_the_409_reason(page: Page, served: ServedHud):
    desc = "Pay the electricity bill"
    served.hud.service.add(desc, due_ms=int(time.time() * 1000) - 2 * DAY_MS)
    served.publish(AgendaChanged(reason="judge"))  # the page reloads the agenda, which expires the loop
    expect(closed_loop_row(page, desc)).to_contain_text("expired")
    page.get_by_role("button", name=f"reopen: {desc}").click()
    expect(page.locator("#agenda-error")).to_be_visible()
    expect(page.locator("#agenda-error")).to_contain_text("cannot reopen")
    expect(closed_loop_row(page, desc)).to_be_visible()


def test_a_text_turn_appears_in_the_transcript(page: Page):
    page.locator("#turn-input").fill("What is on my agenda today?")
    page.locator("#turn-input").press("Enter")
    expect(page.locator("#transcript li.user").last).to_contain_text("What is on my agenda today?")
    expect(page.locator("#transcript li.assistant").last).to_contain_text("You said: What is on my agenda today?")


def test_a_slash_command_typed_in_the_input_answers_in_the_transcript(page: Page):
    page.locator("#turn-input").fill("/help")
    page.locator("#turn-input").press("Enter")
    # a command is a turn of the assistant: its reply is the assistant's line, as in chat and voice
    expect(page.locator("#transcript li.assistant").last).to_contain_text("/openloop")


def test_the_judges_agenda_change_updates_the_page_without_reload(page: Page, served: ServedHud):
    page.evaluate("window.__sameDocument = 'yes'")
    served.hud.service.add("Call the dentist to move the appointment")
    served.publish(AgendaChanged(reason="judge"))
    served.publish(StatusChanged(part="mic", state="listening"))
    served.publish(ReminderDue(loop_id="x", lead_min=10, text="In 10 minutes: call the dentist"))
    expect(open_loop_row(page, "Call the dentist")).to_be_visible()
    expect(page.locator("#mic-status")).to_have_text("mic: listening")
    expect(page.locator("#transcript li.reminder")).to_contain_text("In 10 minutes: call the dentist")
    assert page.evaluate("window.__sameDocument") == "yes"


def test_a_damaged_store_shows_a_pill_with_its_recovery_until_it_works_again(page: Page, served: ServedHud):
    expect(page.locator("#memory-status")).to_have_count(0)
    served.publish(StatusChanged(part="memory", state="damaged",
                                 detail="memory.lance: 2 newest versions lost; `jarvisd memory restore` goes back to v12"))
    expect(page.locator("#memory-status")).to_have_text("memory: damaged")
    expect(page.locator("#memory-status")).to_have_attribute("title", re.compile("jarvisd memory restore"))
    served.publish(StatusChanged(part="agenda", state="damaged", detail="1 record set aside in openloops.quarantine.jsonl"))
    expect(page.locator("#agenda-status")).to_have_text("agenda: damaged")
    served.publish(StatusChanged(part="memory", state="ok", detail="works again"))
    expect(page.locator("#memory-status")).to_be_hidden()
    served.publish(StatusChanged(part="agenda", state="ok", detail=""))
    expect(page.locator("#agenda-status")).to_be_hidden()


def test_screenshot_of_the_hud(page: Page, served: ServedHud):
    """The artefact for CI (artifacts/hud.png) and the README's picture (docs/hud.png, < 200 KB)."""
    (REPO / "artifacts").mkdir(exist_ok=True)
    expect(open_loop_row(page, "Call the dentist")).to_be_visible()
    page.screenshot(path=str(REPO / "artifacts" / "hud.png"), full_page=True)
    assert (REPO / "artifacts" / "hud.png").stat().st_size > 10_000


def test_a_page_with_a_wrong_token_says_how_to_open_it(browser: Browser, served: ServedHud):
    page = browser.new_page()
    try:
        page.goto(f"{served.url}/#token=not-the-token")
        expect(page.locator("#no-token")).to_contain_text("jarvisd hud")
        expect(page.locator("#open-loops li")).to_have_count(0)
        page.goto(f"{served.url}/")  # a fresh tab without the fragment: sessionStorage still has the bad one
        expect(page.locator("#no-token")).to_be_visible()
    finally:
        page.close()


def ask(served: ServedHud, tool: str, arguments: dict):
    """A tool call waiting for approval on the server's loop; the future resolves to the decision."""
    import asyncio

    return asyncio.run_coroutine_threadsafe(served.hud.approvals.request(tool, arguments, session="hud"), served.loop)


def test_a_waiting_tool_call_shows_a_card_and_approve_lets_it_run(page: Page, served: ServedHud):
    expect(page.locator("#approvals")).to_be_hidden()
    decision = ask(served, "send_mail", {"to": "Sam", "subject": "Lunch"})
    card = page.locator("#approval-list li", has_text="send_mail(to: Sam, subject: Lunch)")
    expect(card).to_be_visible()
    expect(page.locator("#approvals")).to_be_visible()
    page.get_by_role("button", name="approve: send_mail").click()
    assert decision.result(timeout=10) is True
    expect(card).to_have_count(0)
    expect(page.locator("#approvals")).to_be_hidden()


def test_deny_refuses_and_a_request_nobody_answers_leaves_by_itself(page: Page, served: ServedHud):
    decision = ask(served, "delete_file", {"path": "notes/a.txt"})
    page.get_by_role("button", name="deny: delete_file").click()
    assert decision.result(timeout=10) is False
    expect(page.locator("#approvals")).to_be_hidden()

    served.hud.approvals.timeout_sec = 1.0
    try:
        decision = ask(served, "send_mail", {"to": "Mina"})
        expect(page.locator("#approval-list li", has_text="send_mail(to: Mina)")).to_be_visible()
        assert decision.result(timeout=10) is False  # timed out
        expect(page.locator("#approvals")).to_be_hidden()
    finally:
        served.hud.approvals.timeout_sec = 30.0


def test_a_page_opened_while_a_call_waits_shows_its_card(browser: Browser, served: ServedHud):
    decision = ask(served, "send_mail", {"to": "Jin"})
    page = browser.new_page()
    try:
        page.goto(f"{served.url}/#token={TOKEN}")
        expect(page.locator("#approval-list li", has_text="send_mail(to: Jin)")).to_be_visible()
        page.get_by_role("button", name="approve: send_mail").click()
        assert decision.result(timeout=10) is True
    finally:
        page.close()


def session_row(page: Page, session: str):
    return page.locator("#session-list li", has=page.locator(".name", has_text=session))


def test_forget_a_session_asks_says_what_stays_and_deletes_only_its_turns_on_disk(page: Page, served: ServedHud):
    hud = served.hud
    hud.say("walk", "Walk Bori at six tonight", "Okay, six it is")
    hud.say("walk", "and buy dog food on the way", "Noted")
    hud.say("weather", "What is the weather tomorrow?", "Sunny, 12 degrees")
    hud.memory.remember(memory_scope("walk"), "My dog is called Bori")
    served.publish(TranscriptLine(role="assistant", text="Noted", session="walk"))  # a turn answered: the list reloads
    expect(session_row(page, "walk")).to_contain_text("2 turns")
    expect(session_row(page, "walk")).to_contain_text("and buy dog food on the way")
    expect(session_row(page, "weather")).to_contain_text("1 turn")

    page.get_by_role("button", name="forget: walk", exact=True).click()  # asks first
    confirm = session_row(page, "walk").locator(".confirm")
    expect(confirm).to_contain_text("deletes its 2 turns, thought logs and working memory")
    expect(confirm).to_contain_text("Remembered facts, task patterns and the agenda stay.")
    page.get_by_role("button", name="keep: walk", exact=True).click()  # changed my mind: nothing goes
    expect(confirm).to_have_count(0)
    assert {s for kind, s, _ in hud.stored_rows() if kind == "turn"} == {"walk", "weather"}

    page.get_by_role("button", name="forget: walk", exact=True).click()
    page.get_by_role("button", name="confirm forget: walk", exact=True).click()
    expect(page.locator("#sessions-note")).to_have_text('Forgot session "walk": 2 records deleted.')
    expect(session_row(page, "walk")).to_have_count(0)  # the list refreshed
    expect(session_row(page, "weather")).to_be_visible()
    rows = hud.stored_rows()
    assert {s for kind, s, _ in rows if kind == "turn"} == {"weather"}
    assert [c for kind, _, c in rows if kind == "explicit"] == ["My dog is called Bori"]


def test_the_page_opened_with_a_ticket_trades_it_for_the_token_and_a_used_one_says_so(browser: Browser, served: ServedHud):
    ticket = httpx.post(f"{served.url}/api/ticket", headers={"Authorization": f"Bearer {TOKEN}"}).json()["ticket"]
    page = browser.new_page()
    try:
        page.goto(f"{served.url}/#ticket={ticket}")
        expect(page.locator("#live")).to_have_text("live")
        assert "ticket" not in page.url
    finally:
        page.close()
    fresh = browser.new_context().new_page()      # a new session: no token kept from before
    try:
        fresh.goto(f"{served.url}/#ticket={ticket}")
        expect(fresh.locator("#no-token")).to_contain_text("already used")
    finally:
        fresh.close()
