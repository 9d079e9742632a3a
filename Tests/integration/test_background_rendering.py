"""Paced frames rendered on the render helper in the background (docs/architecture.md, "The
path of a frame", step 3), against the real server: with enough live sessions that a wake's
batch goes to the helper, every session still gets its frames and every command shows up in a
frame (ops settle or withdraw their session before touching it), and /api/stats counts the
frames rendered in the background and those withdrawn for an op. The frames the service thread
takes back from the helper are written at once, and commands that arrive while it waits for the
helper are read at once, both without a poll round (docs/architecture.md, "Threading"). The debug build checks every
frame the helper assembles against the plain encoders."""
from test_load_clients import loadgen
from test_stats import stats


def test_busy_sessions_render_in_the_background_and_commands_show(start_server):
    server = start_server()
    # 48 sessions: about 12 per phase group, so each wake's batch is over the 8 that go to the
    # helper; a command every half second per session (about 100 a second), some of them
    # arriving while their session's frame waits in the helper's queue, which withdraws it. (A
    # debug build with its frame checks renders far slower than release: only correctness is
    # asserted.) That window is narrow: 5-20 of about 190 ops fell in it in each of eight runs on
    # a 2-core machine, and a faster machine once had none. So the load runs again, at most four
    # times, until one has; the stats add up. (A shorter command interval is no way out: the load
    # generator's pops would then meet its own pushes' transitions, a conflict error.)
    for _ in range(4):
        figures = loadgen(server.port, "epoll", "--sessions", "48", "--frames", "json", "--command-interval", "0.5",
                          "--server-pid", str(server.proc.pid))
        assert figures["ready"] == 48 and figures["failed"] == 0 and figures["closed"] == 0
        assert not figures["errors"], figures
        assert figures["frames"] > 0 and figures["fps"] > 5
        assert figures["latency_samples"] >= 48 and figures["lost"] == 0
        body = stats(server)
        if body["frames"]["withdrawnForOps"] > 0:
            break
    frames, transport = body["frames"], body["transport"]
    # The helper's share moves with the debug build's speed and the ops' timing (an op for a
    # queued session withdraws it, and the service thread renders it): 0.34-0.93 of the frames
    # over twelve runs each of two builds on a 2-core machine. A quarter still shows the batches
    # going to the helper.
    assert frames["renderedInBackground"] > frames["rendered"] / 4, frames
    assert frames["withdrawnForOps"] > 0, frames
    assert transport["writesWithoutPoll"] > frames["renderedInBackground"] / 2, body
    # Commands that arrive while the service thread waits for the helper are read at once.
    assert transport["readsWithoutPoll"] > 0, body
    # The server's CPU, the kernel's part of it, and its threads by name (what `bench` reports
    # as "server CPU by thread"): the service thread writes (its kernel part is the sends), the
    # render helper renders.
    assert figures["server_cpu"] and 0 < figures["server_kernel_cpu"] < figures["server_cpu"], figures
    threads = figures["threads"]
    assert "pc-service" in threads and "pc-render-0" in threads, figures
    for total, kernel in threads.values():
        assert 0 <= kernel <= total, figures
    assert threads["pc-service"][1] > 0, figures
    assert server.alive() and not server.crash_lines(), server.output[-3000:]
