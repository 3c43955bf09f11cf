// petalctl: the command-line client of petald. Everything lives in PetalControl.
import PetalControl

await Controller.main(arguments: Array(CommandLine.arguments.dropFirst()))
