// The page script of every page with a worked example: starts its players (example-player.js).
import { start } from "./example-player.js";

start();
