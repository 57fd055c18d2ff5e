
"""Approval through the real Assistant turn path: a scripted model calls an approval-required tool, the
turn waits, and the user's next turn ("yes" / "아니") answers it instead of starting a turn of its own."""

import asyncio

import pytest

from jarvisd.agent.tools import Tool
from jarvisd.approvals import ApprovalRequested, ApprovalResolved
from jarvisd.assistant import build_assistant
from jarvisd.config import load_config
from jarvisd.events import TranscriptLine
from jarvisd.llm.backend_choice import Backends
from jarvisd.llm.scripted import ScriptedChatModel
from jarvisd.manifest import ModelStore

MAIL = {"type": "object", "properties": {"to": {"type": "string"}, "subject": {"type": "string"}},
        "required": ["to"], "additionalProperties": False}


def mail_assistant(tmp_path, after_tool: str, **env):
    """The assembled assistant with a send_mail tool the admin marked approval-required."""
    chat = ScriptedChatModel([
        {"text": "", "tool_calls": [{"name": "send_mail", "arguments": {"to": "Sam", "subject": "Lunch"}}]},
        {"text": after_tool},
    ])
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path), **env})
    backends = Backends(chat=chat, thought=ScriptedChatModel(lambda _: {"text": ""}), embedder=None)
    assistant = build_assistant(cfg, ModelStore(tmp_path / "models"), backends=backends)
    sent = []
    assistant.agent.tools.register(Tool("send_mail", "send an e-mail", lambda ctx, args: sent.append(args) or
                                        {"sent": args["to"]}, MAIL))
    # the admin's list, as `tools.approval_required` fills it; the config itself may name only tools that
    # exist when the assistant is built (a misspelt name is refused), and send_mail is added after that
    assistant.agent.tools.require_approval(["send_mail"])
    return assistant, chat, sent


async def asked(sub, timeout: float = 5):
    while True:
        event = await asyncio.wait_for(sub.get(), timeout)
        if isinstance(event, ApprovalRequested):
            return event


async def test_yes_approves_the_waiting_call_and_the_turn_finishes_with_its_result(tmp_path):
    assistant, chat, sent = mail_assistant(tmp_path, "I sent it to Sam.")
    assert assistant.agent.tools.needs_approval("send_mail")
    sub = assistant.bus.subscribe()
    first = asyncio.create_task(assistant.answer("Mail Sam about lunch", session="voice"))
    request = await asked(sub)
    assert (request.tool, request.summary, request.session) == ("send_mail", "to: Sam, subject: Lunch", "voice")
    assert not first.done() and sent == []
    assert await assistant.answer("Yes, please.", session="voice") == "Okay, running send_mail."
    assert await asyncio.wait_for(first, 5) == "I sent it to Sam."
    assert sent == [{"to": "Sam", "subject": "Lunch"}]
    tool_message = [m for m in chat.calls[1][0] if m.role == "tool"][-1]
    assert '"sent":"Sam"' in tool_message.content
    assert len(chat.calls) == 2, "the yes was not a turn for the model"
    lines = []
    while not sub.queue.empty():
        lines.append(sub.queue.get_nowait())
    assert [(e.role, e.text) for e in lines if isinstance(e, TranscriptLine)][:2] == [
        ("user", "Yes, please."), ("assistant", "Okay, running send_mail.")]
    resolved = [e for e in lines if isinstance(e, ApprovalResolved)]
    assert [(e.approved, e.by) for e in resolved] == [(True, "turn")]
    await assistant.close()


@pytest.mark.slow  # Korean: the desk loads the Kiwi model
async def test_korean_no_denies_it_and_the_model_reads_the_refusal(tmp_path):
    assistant, chat, sent = mail_assistant(tmp_path, "알겠어요, 보내지 않았어요.")
    sub = assistant.bus.subscribe()
    first = asyncio.create_task(assistant.answer("샘한테 점심 메일 보내 줘", session="voice"))
    request = await asked(sub, timeout=90)  # the first Korean sentence loads Kiwi (7 s idle, far more under load)
    assert request.question == "send mail (to: Sam, subject: Lunch) 실행할까요?"
    assert await assistant.answer("아니, 하지 마", session="voice") == "알겠어요, 실행하지 않을게요."
    assert await asyncio.wait_for(first, 5) == "알겠어요, 보내지 않았어요."
    assert sent == []
    tool_message = [m for m in chat.calls[1][0] if m.role == "tool"][-1]
    assert "needs the user's approval and did not get it" in tool_message.content
    await assistant.close()


async def test_without_an_answer_the_call_is_refused_after_the_timeout(tmp_path):
    assistant, chat, sent = mail_assistant(tmp_path, "I could not send it.", JARVIS_TOOLS__APPROVAL_TIMEOUT_SEC="0.5")
    assert await asyncio.wait_for(assistant.answer("Mail Sam about lunch"), 10) == "I could not send it."
    assert sent == [] and assistant.approvals.pending() == []
    await assistant.close()


async def test_a_turn_that_is_no_answer_is_a_turn_of_its_own(tmp_path):
    """With nothing waiting, "yes" is an ordinary turn for the model."""
    cfg = load_config(env={"JARVIS_HOME": str(tmp_path)})
    chat = ScriptedChatModel([{"text": "Yes to what?"}])
    backends = Backends(chat=chat, thought=ScriptedChatModel(lambda _: {"text": ""}), embedder=None)
    assistant = build_assistant(cfg, ModelStore(tmp_path / "models"), backends=backends)
    assert await assistant.answer("yes") == "Yes to what?"
    await assistant.close()
