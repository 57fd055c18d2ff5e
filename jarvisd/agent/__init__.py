"""The agent loop (one loop, hooks), tool registry and policy, loop guard (seed 002) and delegation."""

from jarvisd.agent.hooks import (
    AgentHooks,
    CallOutcome,
    ModelAnswer,
    ModelRequest,
    PreparedCall,
    Rejection,
    RoundRecord,
    Stop,
    TurnContext,
    TurnResult,
)
from jarvisd.agent.loop import Agent, AgentEvent, AnswerDelta, RoundEnded, TurnEnded
from jarvisd.agent.profiles import GuardPolicy, Profile, chat_profile, research_profile
from jarvisd.agent.tools import Tool, ToolFailure, ToolOverloaded, ToolRegistry

__all__ = [
    "Agent", "AgentEvent", "AgentHooks", "AnswerDelta", "CallOutcome", "GuardPolicy", "ModelAnswer",
    "ModelRequest", "PreparedCall", "Profile", "Rejection", "RoundEnded", "RoundRecord", "Stop", "Tool",
    "ToolFailure", "ToolOverloaded", "ToolRegistry", "TurnContext", "TurnEnded", "TurnResult",
    "chat_profile", "research_profile",
]
