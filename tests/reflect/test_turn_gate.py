import asyncio

from jarvisd.turn_gate import TurnGate


async def test_the_gate_opens_only_when_every_holder_has_let_go(clock):
    gate = TurnGate(clock=clock)
    gate.hold("speech")
    gate.turn_started("default")
    waiter = asyncio.create_task(gate.wait_idle())
    gate.release("speech")
    await asyncio.sleep(0)
    assert not waiter.done()
    gate.turn_ended("default")
    await waiter
    assert gate.is_idle


async def test_a_release_seen_twice_does_not_open_the_gate_for_another_holder(clock):
    gate = TurnGate(clock=clock)
    gate.hold("speech")
    gate.turn_started()
    gate.release("speech")
    gate.release("speech")
    assert not gate.is_idle and gate.busy_sessions() == {"default"}


async def test_idle_time_counts_from_the_last_activity_and_is_zero_during_a_turn(clock):
    gate = TurnGate(clock=clock)
    async with gate.turn("s1"):
        clock.advance(500)
        assert gate.idle_for() == 0.0 and gate.busy_sessions() == {"s1"}
    clock.advance(120)
    assert gate.idle_for() == 120
    gate.touch()
    assert gate.idle_for() == 0


async def test_two_overlapping_turns_of_one_session_are_held_apart_by_their_ids(clock):
    """A new utterance's turn starts while the older one's last sentence plays: the older turn's end
    must not open the gate under the newer one."""
    gate = TurnGate(clock=clock)
    gate.turn_started("voice", 1)
    gate.turn_started("voice", 2)
    gate.turn_ended("voice", 1)
    assert not gate.is_idle and gate.busy_sessions() == {"voice"}
    gate.turn_ended("voice", 2)
    assert gate.is_idle and gate.busy_sessions() == frozenset()


def test_a_turn_name_carries_its_session_and_id():
    from jarvisd.turn_gate import turn_name

    assert turn_name("voice", 12) == "turn:voice#12" and turn_name("hud") == "turn:hud"
