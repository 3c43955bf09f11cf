// petalctl: the command-line client of petald. Everything lives in PetalControl.
import PetalControl

Controller.main(arguments: Array(CommandLine.arguments.dropFirst()))
