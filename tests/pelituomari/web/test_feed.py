"""The Server-Sent Events broadcast: each change to every open stream, a stream far behind dropped, idle
streams kept alive."""

import asyncio

from pelituomari.web.feed import BACKLOG, Feed, sse


def test_a_message_is_one_event_with_its_id_and_json_data():
    assert sse("change", {"version": 3, "name": "Äijä"}, 3) == \
        'id: 3\nevent: change\ndata: {"version":3,"name":"Äijä"}\n\n'.encode()
    assert sse("hello", {"version": 0}) == b'event: hello\ndata: {"version":0}\n\n'


def _run(coroutine):
    return asyncio.run(coroutine)


def test_every_open_stream_gets_each_message_once_after_its_first():
    async def scenario():
        feed = Feed()
        feed.bind(asyncio.get_running_loop())
        streams = [feed.stream(b"first") for _ in range(3)]
        assert [await s.__anext__() for s in streams] == [b"first"] * 3
        assert feed.pages == 3
        feed.publish(b"one")
        feed.publish(b"two")
        feed.close()
        return [[m async for m in s] for s in streams], feed.pages

    got, pages = _run(scenario())
    assert got == [[b"one", b"two"]] * 3 and pages == 0


def test_a_stream_that_falls_a_backlog_behind_is_ended_and_the_others_go_on():
    async def scenario():
        feed = Feed()
        feed.bind(asyncio.get_running_loop())
        asleep, awake = feed.stream(b"first"), feed.stream(b"first")
        await asleep.__anext__()
        await awake.__anext__()
        got = []
        for n in range(BACKLOG + 1):
            feed.publish(str(n).encode())
            await asyncio.sleep(0)   # the loop fans it out
            got.append(await awake.__anext__())
        return [m async for m in asleep], got, feed.pages

    asleep, awake, pages = _run(scenario())
    assert asleep == [] and len(awake) == BACKLOG + 1 and pages == 1


def test_an_idle_stream_is_sent_a_comment_to_keep_it_open():
    async def scenario():
        feed = Feed(keepalive_s=0.01)
        feed.bind(asyncio.get_running_loop())
        stream = feed.stream(b"first")
        return [await stream.__anext__(), await stream.__anext__()]

    assert _run(scenario()) == [b"first", b": keepalive\n\n"]


def test_before_the_server_runs_a_message_goes_nowhere():
    Feed().publish(b"lost")   # no loop bound: pages that open later fetch the state
