"""Scheduler jobs of the resident daemon: proactive spoken reminders, reflection ticks, idle consolidation
and the agenda's expiry sweep. The rules (when a reminder fires, what it says, when reflection is due) are
pure functions in `reminders`, `quiet_hours` and `triggers`; `scheduler` and `ticks` put them on APScheduler.
"""
