"""The sessions card's endpoints over the real app and a real LanceDB memory on disk: list the recent
sessions, forget one only when the request confirms it, and the guard (token, same origin) in front of
both. After forgetting, a fresh store opened on the same folder no longer has that session's turns,
while another session's turns and the remembered facts stay."""

from __future__ import annotations

from .conftest import Hud, memory_scope


def remembered(hud: Hud) -> None:
    hud.say("walk", "Walk Bori at six tonight", "Okay, six it is")
    hud.say("walk", "and buy dog food on the way", "Noted")
    hud.memory.record_episode(memory_scope("walk"), "thought", "Bori's walk is at six")
    hud.say("weather", "What is the weather tomorrow?", "Sunny, 12 degrees")
    hud.memory.remember(memory_scope("walk"), "My dog is called Bori")


def sessions_of(rows: list[tuple[str, str, str]], source: str) -> set[str]:
    return {session for kind, session, _ in rows if kind == source}


async def test_the_list_shows_each_session_newest_first_with_its_counts(memory_hud: Hud):
    remembered(memory_hud)
    async with memory_hud.client() as client:
        response = await client.get("/api/sessions")
    assert response.status_code == 200
    listed = response.json()
    assert listed["current"] == "hud"
    assert [(s["session"], s["turns"], s["records"], s["preview"]) for s in listed["sessions"]] == [
        ("weather", 1, 1, "What is the weather tomorrow?"),
        ("walk", 2, 3, "and buy dog food on the way")]
    assert listed["sessions"][0]["last"] >= listed["sessions"][1]["last"]


async def test_forget_without_confirm_deletes_nothing_and_says_what_would_go(memory_hud: Hud):
    remembered(memory_hud)
    before = memory_hud.stored_rows()
    async with memory_hud.client() as client:
        for body in ({}, {"confirm": False}, {"confirm": "yes"}, {"confirm": 1}):
            response = await client.post("/api/sessions/walk/forget", json=body)
            assert response.status_code == 422, body
            assert response.json()["error"] == "confirmation_required"
            assert "facts, task patterns and the agenda stay" in response.json()["detail"]
        extra = await client.post("/api/sessions/walk/forget", json={"confirm": True, "also": "weather"})
        assert extra.status_code == 422 and extra.json()["error"] == "invalid_body"
        assert (await client.post("/api/sessions/walk/forget", content=b"yes")).status_code == 422
    assert memory_hud.stored_rows() == before


async def test_confirmed_forget_deletes_that_sessions_turns_on_disk_and_keeps_the_rest(memory_hud: Hud):
    remembered(memory_hud)
    async with memory_hud.client() as client:
        response = await client.post("/api/sessions/walk/forget", json={"confirm": True})
        assert response.status_code == 200
        assert response.json() == {"session": "walk", "deleted": 3,
                                   "kept": "remembered facts, task patterns and the agenda stay"}
        listed = (await client.get("/api/sessions")).json()["sessions"]
        again = await client.post("/api/sessions/walk/forget", json={"confirm": True})
    assert [s["session"] for s in listed] == ["weather"]
    assert again.json()["deleted"] == 0
    rows = memory_hud.stored_rows()
    assert "walk" not in sessions_of(rows, "turn") | sessions_of(rows, "thought")
    assert sessions_of(rows, "turn") == {"weather"}                       # the other session stays
    assert [c for kind, _, c in rows if kind == "explicit"] == ["My dog is called Bori"]   # the fact stays


async def test_a_session_id_with_odd_characters_is_forgotten_exactly(memory_hud: Hud):
    memory_hud.say("work/2026 q1 ☂", "Draft the plan", "Done")
    memory_hud.say("work", "Another thing", "Sure")
    async with memory_hud.client() as client:
        listed = (await client.get("/api/sessions")).json()["sessions"]
        assert {s["session"] for s in listed} == {"work/2026 q1 ☂", "work"}
        response = await client.post("/api/sessions/work%2F2026%20q1%20%E2%98%82/forget", json={"confirm": True})
    assert response.status_code == 200 and response.json()["deleted"] == 1
    assert sessions_of(memory_hud.stored_rows(), "turn") == {"work"}


async def test_no_token_or_a_foreign_origin_cannot_list_or_forget(memory_hud: Hud):
    remembered(memory_hud)
    before = memory_hud.stored_rows()
    for refused, status in ((memory_hud.client(token=None), 401),
                            (memory_hud.client(Origin="http://evil.example"), 403),
                            (memory_hud.client(**{"Sec-Fetch-Site": "cross-site"}), 403)):
        async with refused as client:
            assert (await client.get("/api/sessions")).status_code == status
            assert (await client.post("/api/sessions/walk/forget", json={"confirm": True})).status_code == status
    assert memory_hud.stored_rows() == before


async def test_a_hud_without_memory_answers_503_not_500(hud: Hud):
    async with hud.client() as client:
        listed = await client.get("/api/sessions")
        forget = await client.post("/api/sessions/walk/forget", json={"confirm": True})
    assert listed.status_code == forget.status_code == 503
    assert listed.json()["error"] == forget.json()["error"] == "no_memory"


async def test_the_forget_command_reaches_memory_from_the_hud_too(memory_hud: Hud):
    remembered(memory_hud)
    async with memory_hud.client() as client:
        asked = (await client.post("/api/turns", json={"text": "/forget session weather"})).json()["reply"]
        assert "/forget session weather confirm" in asked
        done = (await client.post("/api/turns", json={"text": "/forget session weather confirm"})).json()["reply"]
    assert done == "Forgot session 'weather': 1 record deleted."
    assert sessions_of(memory_hud.stored_rows(), "turn") == {"walk"}
