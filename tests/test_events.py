import asyncio

from jarvisd.events import AgendaChanged, EventBus, ReminderDue, TranscriptLine


def test_event_kind_is_the_snake_case_wire_name():
    assert AgendaChanged().kind == "agenda_changed"
    assert TranscriptLine(role="user", text="hi").kind == "transcript_line"


async def test_every_subscriber_sees_every_event_in_order():
    bus = EventBus()
    a, b = bus.subscribe(), bus.subscribe(lossy=False)
    await bus.publish(AgendaChanged(reason="judge"))
    bus.publish_nowait(TranscriptLine(role="user", text="hello"))
    for sub in (a, b):
        assert [type(await sub.get()).__name__ for _ in range(2)] == ["AgendaChanged", "TranscriptLine"]


async def test_a_slow_display_loses_its_oldest_events_not_the_newest():
    bus = EventBus()
    display = bus.subscribe(maxsize=2, lossy=True)
    for i in range(5):
        await bus.publish(AgendaChanged(reason=str(i)))
    assert [(await display.get()).reason for _ in range(2)] == ["3", "4"]
    assert display.dropped == 3


class WatchedQueue(asyncio.Queue):
    """A subscriber's queue that says when a publisher found it full and started waiting."""

    def __init__(self, maxsize: int) -> None:
        super().__init__(maxsize)
        self.publisher_waits = asyncio.Event()

    async def put(self, item) -> None:
        if self.full():
            self.publisher_waits.set()
        await super().put(item)


async def test_a_lossless_subscriber_makes_the_publisher_wait_and_loses_nothing():
    bus = EventBus()
    speech = bus.subscribe(maxsize=1, lossy=False)
    speech.queue = WatchedQueue(maxsize=1)
    await bus.publish(ReminderDue(loop_id="a", lead_min=10, text="first"))
    assert not speech.queue.publisher_waits.is_set()
    blocked = asyncio.create_task(bus.publish(ReminderDue(loop_id="b", lead_min=10, text="second")))
    await asyncio.wait_for(speech.queue.publisher_waits.wait(), 5)  # it reached the full queue ...
    assert not blocked.done()                                        # ... and waits there
    assert (await speech.get()).text == "first"
    await blocked
    assert (await speech.get()).text == "second"


async def test_closed_subscription_receives_nothing_more():
    bus = EventBus()
    sub = bus.subscribe()
    sub.close()
    await bus.publish(AgendaChanged())
    assert sub.queue.empty() and bus.subscriber_count == 0
