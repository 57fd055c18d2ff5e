import asyncio

from jarvisd.reflect.turn_gate import TurnGate


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
