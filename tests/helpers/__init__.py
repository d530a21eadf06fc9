"""Test helpers shared by the store tests and, later, the TUI tests.

The kill-test pattern (see ``tests/test_store_kill.py``):

1. A *driver* process plays a deterministic script into a store and prints one
   line per entry right after the entry's commit returned (the protocol is in
   :mod:`helpers.kill_driver`; the script in :mod:`helpers.lupaus_script`).
2. The test starts the driver, reads its lines and sends SIGKILL at a chosen
   point (:mod:`helpers.killing`: ``kill_points``, ``run_and_kill``), again and
   again; each new driver resumes from what the store holds.
3. It checks that every confirmed entry was there at the next start (at most one
   unconfirmed entry more), that the finished store passes ``PRAGMA
   integrity_check``, and that replaying it gives the scripted game.

A driver of the real Textual app only has to speak the same protocol (e.g. a
script that runs the app under ``App.run_test()``, presses keys and prints
``CONFIRMED`` when the screen reports the entry saved); the harness and the
checks stay as they are.
"""
